import type { CeldaCsv } from '@cuota/shared/documents/csv';
import { codigosCrudos, solicitudDePrueba } from '@cuota/shared/testing';
import { describe, expect, it } from 'vitest';
import { exportacionSolicitudes } from './exportar-solicitudes';

const textos = (celdas: readonly CeldaCsv[]) => celdas.flatMap((c) => (c.tipo === 'texto' && c.valor ? [c.valor] : []));

describe('CSV de solicitudes', () => {
  it('el estado y el riesgo van con su etiqueta, como en pantalla, nunca con su código', () => {
    const fila = exportacionSolicitudes('').fila(
      solicitudDePrueba({ estado: 'en_analisis', riesgo_calculado: 'medio', score: 640 }),
    );
    expect(textos(fila)).toEqual(expect.arrayContaining(['En Análisis', 'Riesgo Medio']));
    expect(textos(fila)).not.toContain('medio');
    expect(codigosCrudos(textos(fila).join(' | '))).toEqual([]);
  });
});
