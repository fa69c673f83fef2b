import { describe, expect, it } from 'vitest';
import { condicionesDelCredito, precioDelCredito } from '../domain/condiciones';
import { formatCRC } from '../montos';
import { condicionesDePrueba } from '../testing/datos';
import { filasPrecioCredito } from './precio-credito';

describe('filasPrecioCredito', () => {
  it('un crédito sin precio guardado no muestra filas', () => {
    expect(filasPrecioCredito({ monto_principal_centimos: 1_000 })).toEqual([]);
  });

  it('lo que el desembolso guarda de condicionesDelCredito se muestra igual en el detalle y el contrato', () => {
    const c = condicionesDelCredito(condicionesDePrueba);
    const filas = filasPrecioCredito({ id: 'c1', ...precioDelCredito(c) });
    expect(filas.map((f) => f.label)).toEqual([
      'Comisión de formalización',
      'Monto neto desembolsado',
      'Interés del primer periodo',
      'Costo total del crédito',
      'Tasa anual efectiva (TAE, con comisiones)',
    ]);
    expect(filas[0]!.value).toBe(formatCRC(15_000_00));
    expect(filas[1]!.value).toBe(formatCRC(485_000_00));
    expect(filas[4]!.value).toMatch(/^\d+,\d\d\s%$/);
  });
});
