import type { Cuota } from '../schemas/lending';
import { describe, expect, it } from 'vitest';
import { amortizacionCsvFilename, buildAmortizacionCsv, CSV_HEADER, CSV_SEPARATOR } from './amortizacion-csv';

const base: Cuota = {
  id: 'q1',
  credito_id: 'cr1',
  numero_cuota: 1,
  fecha_vencimiento: '2026-01-15',
  monto_capital_centimos: 8_000_050,
  monto_interes_centimos: 1_250_005,
  monto_mora_centimos: 0,
  monto_total_centimos: 9_250_055,
  saldo_capital_despues_centimos: 92_000_000,
  pagada: true,
  dias_mora: 0,
};

describe('buildAmortizacionCsv', () => {
  it('empieza con BOM y la cabecera exacta del spec, separada por punto y coma para Excel en español', () => {
    const csv = buildAmortizacionCsv([]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\r\n')[0]).toBe(
      'No. Cuota;Fecha Vencimiento;Monto Total;Monto Capital;Monto Interés;Saldo Capital;Estado',
    );
    expect(CSV_SEPARATOR).toBe(';');
    expect(CSV_HEADER.split(';')).toHaveLength(7);
  });

  it('una fila por cuota ordenada, montos en colones con coma decimal y 2 decimales, estado del spec', () => {
    const csv = buildAmortizacionCsv(
      [
        { ...base, id: 'q3', numero_cuota: 3, pagada: false, dias_mora: 0, fecha_vencimiento: '2026-03-15' },
        { ...base, id: 'q2', numero_cuota: 2, pagada: false, dias_mora: 12, fecha_vencimiento: '2026-02-15' },
        base,
      ],
      '2026-02-20',
    );
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines.slice(1)).toEqual([
      '1;2026-01-15;92500,55;80000,50;12500,05;920000,00;Pagada',
      '2;2026-02-15;92500,55;80000,50;12500,05;920000,00;Vencida (12 días)',
      '3;2026-03-15;92500,55;80000,50;12500,05;920000,00;Pendiente',
    ]);
    // every row has the header's 7 columns: no decimal comma is taken for a separator
    for (const line of lines) expect(line.split(';')).toHaveLength(7);
  });

  it("una cuota impaga con vencimiento pasado es 'Vencida' aunque dias_mora aún sea 0", () => {
    const csv = buildAmortizacionCsv([{ ...base, pagada: false, dias_mora: 0, fecha_vencimiento: '2026-02-10' }], '2026-02-20');
    expect(csv).toContain(';Vencida (10 días)\r\n');
  });

  it('montos grandes y pequeños sin separador de miles ni redondeo', () => {
    const csv = buildAmortizacionCsv(
      [
        {
          ...base,
          monto_total_centimos: 123_456_789_01,
          monto_capital_centimos: 5,
          monto_interes_centimos: 0,
          saldo_capital_despues_centimos: 0,
        },
      ],
      '2026-02-20',
    );
    expect(csv.slice(1).trimEnd().split('\r\n')[1]).toBe('1;2026-01-15;123456789,01;0,05;0,00;0,00;Pagada');
  });

  it('nombra el archivo Tabla_Amortizacion_{numero}.csv', () => {
    expect(amortizacionCsvFilename('CR-2026-0001')).toBe('Tabla_Amortizacion_CR-2026-0001.csv');
  });
});
