import { colonesDecimal } from '../montos';
import type { Cuota } from '../schemas/lending';
import { creditosTexts } from '../texts/creditos';
import { cuotaEstadoLabel, hoyCR } from './cuota-estado';
import type { DocumentNotifier } from './notifier';

const c = creditosTexts;

/**
 * Excel set to Spanish (as in Costa Rica) splits CSV columns on ';' and reads ',' as the decimal
 * mark, so the file uses both: it opens as columns with amounts that are numbers.
 */
export const CSV_SEPARATOR = ';';
export const CSV_HEADER = [
  'No. Cuota',
  'Fecha Vencimiento',
  'Monto Total',
  'Monto Capital',
  'Monto Interés',
  'Saldo Capital',
  'Estado',
].join(CSV_SEPARATOR);
const BOM = '\uFEFF';

/** Céntimos as colones with a decimal comma and 2 decimals, no thousands separator ("125000,50"): a number to Spanish Excel. */
function amount(centimos: number): string {
  return colonesDecimal(centimos).replace('.', ',');
}

function field(value: string): string {
  return /[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The amortization table as CSV (spec §2 Credit detail): UTF-8 BOM, the fixed header, one row
 * per cuota, ';' between columns. Dates stay ISO (YYYY-MM-DD); amounts are colones with a
 * decimal comma.
 */
export function buildAmortizacionCsv(cuotas: readonly Cuota[], hoy: string = hoyCR()): string {
  const rows = [...cuotas]
    .sort((a, b) => a.numero_cuota - b.numero_cuota)
    .map((q) =>
      [
        String(q.numero_cuota),
        q.fecha_vencimiento,
        amount(q.monto_total_centimos),
        amount(q.monto_capital_centimos),
        amount(q.monto_interes_centimos),
        amount(q.saldo_capital_despues_centimos),
        cuotaEstadoLabel(q, hoy),
      ]
        .map(field)
        .join(CSV_SEPARATOR),
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

/**
 * The 'Descargar CSV' flow (spec §2, §8): reads the whole schedule with `fetchCuotas` (the
 * admin's or the portal's endpoint), downloads `Tabla_Amortizacion_{numero}.csv` and says
 * 'Descarga exitosa'; no cuotas → 'No se encontraron cuotas para este crédito'; a failure →
 * 'No se pudo descargar la tabla de amortización'. Toasts go through `notify` (the app's `toast`).
 */
export async function descargarTablaAmortizacion(
  numeroCredito: string,
  fetchCuotas: () => Promise<readonly Cuota[]>,
  notify: DocumentNotifier,
): Promise<void> {
  try {
    const cuotas = await fetchCuotas();
    if (cuotas.length === 0) {
      notify.error(c.sinCuotas);
      return;
    }
    downloadCsv(amortizacionCsvFilename(numeroCredito), buildAmortizacionCsv(cuotas));
    notify.success(c.descargaExitosa);
  } catch {
    notify.error(c.errorDescarga);
  }
}
