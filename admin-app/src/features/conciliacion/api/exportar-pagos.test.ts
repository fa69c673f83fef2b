import type { CeldaCsv } from '@cuota/shared/documents/csv';
import { codigosCrudos, pagoDePrueba } from '@cuota/shared/testing';
import { describe, expect, it } from 'vitest';
import { exportacionPagos } from './exportar-pagos';

const textos = (celdas: readonly CeldaCsv[]) => celdas.flatMap((c) => (c.tipo === 'texto' && c.valor ? [c.valor] : []));

describe('CSV de pagos', () => {
  it('el canal y el estado van con su etiqueta, nunca con su código', () => {
    const fila = exportacionPagos('registrado').fila(pagoDePrueba({ canal: 'sinpe_movil', estado: 'registrado' }));
    expect(textos(fila)).toEqual(expect.arrayContaining(['SINPE Móvil', 'Pendiente']));
    expect(codigosCrudos(textos(fila).join(' | '))).toEqual([]);
  });
});
