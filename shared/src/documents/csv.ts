import { colonesDecimal } from '../montos';

/**
 * CSV files that Excel set to Spanish (Costa Rica) opens as columns: ';' between fields, ','
 * as the decimal mark, a UTF-8 BOM so that accents survive, CRLF line ends, dates dd/mm/yyyy.
 * Text cells that a spreadsheet would run as a formula (= + - @, tab or CR first) get a leading
 * apostrophe (OWASP "CSV injection"), and so does a text that already starts with apostrophes
 * before such a character ("'=1" → "''=1"), so the mark is reversible: a reader drops exactly one
 * leading apostrophe where one or more precede a formula character. Amounts and counts are written
 * by this module, never taken from user text, so a negative amount stays a number.
 */
export const CSV_SEP = ';';
const BOM = '\uFEFF';

export type CeldaCsv =
  | { tipo: 'texto'; valor: string | null | undefined }
  | { tipo: 'monto'; centimos: number | null | undefined }
  | { tipo: 'entero'; valor: number | null | undefined }
  | { tipo: 'fecha'; valor: string | null | undefined }
  | { tipo: 'porcentaje'; valor: string | null | undefined };

export const texto = (valor: string | null | undefined): CeldaCsv => ({ tipo: 'texto', valor });
export const monto = (centimos: number | null | undefined): CeldaCsv => ({ tipo: 'monto', centimos });
export const entero = (valor: number | null | undefined): CeldaCsv => ({ tipo: 'entero', valor });
export const fecha = (valor: string | null | undefined): CeldaCsv => ({ tipo: 'fecha', valor });
/** A percentage given as a decimal string ("12.50"): written "12,50". */
export const porcentaje = (valor: string | null | undefined): CeldaCsv => ({ tipo: 'porcentaje', valor });

/** Céntimos as colones with two decimals and a decimal comma, no thousands separator: "125000,50". */
export const montoCsv = (centimos: number): string => colonesDecimal(centimos).replace('.', ',');

/** YYYY-MM-DD (or an ISO instant, its date in Costa Rica) → dd/mm/yyyy; YYYY-MM → mm/yyyy. */
export function fechaCsv(valor: string): string {
  let iso = valor;
  if (/^\d{4}-\d{2}-\d{2}T/.test(valor)) {
    const d = new Date(valor);
    if (!Number.isNaN(d.getTime())) iso = new Date(d.getTime() - 6 * 3_600_000).toISOString().slice(0, 10);
  }
  const dia = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (dia) return `${dia[3]}/${dia[2]}/${dia[1]}`;
  const mes = /^(\d{4})-(\d{2})$/.exec(iso);
  return mes ? `${mes[2]}/${mes[1]}` : valor;
}

/** A text cell made inert for spreadsheets, then quoted when it holds ';', '"' or a line break. */
export function textoCsv(valor: string): string {
  const inerte = /^'*[=+\-@\t\r]/.test(valor) ? `'${valor}` : valor;
  return /[";\r\n]/.test(inerte) ? `"${inerte.replace(/"/g, '""')}"` : inerte;
}

export function celdaCsv(celda: CeldaCsv): string {
  switch (celda.tipo) {
    case 'texto':
      return textoCsv(celda.valor ?? '');
    case 'monto':
      return typeof celda.centimos === 'number' && Number.isSafeInteger(celda.centimos) ? montoCsv(celda.centimos) : '';
    case 'entero':
      return typeof celda.valor === 'number' && Number.isSafeInteger(celda.valor) ? String(celda.valor) : '';
    case 'fecha':
      return celda.valor ? textoCsv(fechaCsv(celda.valor)) : '';
    case 'porcentaje':
      return celda.valor && /^-?\d+(\.\d+)?$/.test(celda.valor) ? celda.valor.replace('.', ',') : '';
  }
}

export const filaCsv = (celdas: readonly CeldaCsv[]): string => celdas.map(celdaCsv).join(CSV_SEP);
export const encabezadoCsv = (titulos: readonly string[]): string => titulos.map(textoCsv).join(CSV_SEP);

/** The whole file: BOM, header, rows, CRLF after each line. */
export function construirCsv(titulos: readonly string[], filas: ReadonlyArray<readonly CeldaCsv[]>): string {
  return `${BOM}${[encabezadoCsv(titulos), ...filas.map(filaCsv)].join('\r\n')}\r\n`;
}

/** A file name with the date it was made: `Reporte_Cartera_2026-03-15.csv`. */
export const nombreCsv = (base: string, hoy: string): string => `${base.replace(/[^\p{L}\p{N}_-]+/gu, '_')}_${hoy}.csv`;
