import type { Cuota } from '@cuota/shared';
import { cuotaEstadoLabel, hoyCR } from './cuota-estado';

export const CSV_HEADER = 'No. Cuota,Fecha Vencimiento,Monto Total,Monto Capital,Monto Interés,Saldo Capital,Estado';
const BOM = '\uFEFF';

/** Céntimos as a plain decimal in colones with a dot and 2 decimals ("125000.50"): spreadsheet-safe, no separators. */
function amount(centimos: number): string {
  const sign = centimos < 0 ? '-' : '';
  const abs = Math.abs(centimos);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The amortization table as CSV (spec §2 Credit detail): UTF-8 BOM, the fixed header, one row
 * per cuota. Dates stay ISO (YYYY-MM-DD); amounts are colones as plain decimals with a dot.
 */
export function buildAmortizacionCsv(cuotas: readonly Cuota[], hoy: string = hoyCR()): string {
  const rows = [...cuotas]
    .sort((a, b) => a.numero_cuota - b.numero_cuota)
    .map((c) =>
      [
        String(c.numero_cuota),
        c.fecha_vencimiento,
        amount(c.monto_total_centimos),
        amount(c.monto_capital_centimos),
        amount(c.monto_interes_centimos),
        amount(c.saldo_capital_despues_centimos),
        cuotaEstadoLabel(c, hoy),
      ]
        .map(field)
        .join(','),
    );
  return `${BOM}${[CSV_HEADER, ...rows].join('\r\n')}\r\n`;
}

export function amortizacionCsvFilename(numeroCredito: string): string {
  return `Tabla_Amortizacion_${numeroCredito}.csv`;
}

/** Triggers the browser download of `content` as a UTF-8 CSV file. */
export function downloadCsv(filename: string, content: string): void {
  const blob = new Blob([content], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
