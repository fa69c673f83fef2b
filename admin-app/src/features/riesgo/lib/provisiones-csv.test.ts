import { describe, expect, it } from 'vitest';
import { provisionesCsv } from './provisiones-csv';

describe('provisionesCsv', () => {
  it('usa BOM, punto y coma, coma decimal y una fila de total', () => {
    const csv = provisionesCsv({
      mes: null,
      fecha_corte: '2026-11-26',
      tomado_en: null,
      umbrales: [0, 30, 45, 60, 75, 90, 120],
      categoria_minima_reestructurado: 'B1',
      filas: [
        { categoria: 'A1', porcentaje: '0.5', creditos: 2, saldo_centimos: 1_000_000_50, provision_centimos: 5_000_00 },
        { categoria: 'E', porcentaje: '100', creditos: 1, saldo_centimos: 25_000_00, provision_centimos: 25_000_00 },
      ],
      total: { creditos: 3, saldo_centimos: 1_025_000_50, provision_centimos: 30_000_00 },
      castigados: { creditos: 0, saldo_centimos: 0 },
      recuperaciones_centimos: 0,
      meses_disponibles: [],
    });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Categoría;Estimación %;Créditos;Saldo de capital;Estimación requerida',
      'A1;0,5;2;1000000,50;5000,00',
      'E;100;1;25000,00;25000,00',
      'Total;;3;1025000,50;30000,00',
      '',
    ]);
  });
});
