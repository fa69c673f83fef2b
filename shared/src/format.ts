const fechaCorta: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'America/Costa_Rica',
};
const fechaHora: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Costa_Rica',
};
const fechaHoraConAnio: Intl.DateTimeFormatOptions = { ...fechaHora, year: 'numeric' };
/**
 * The date formatters are built on first use, not at import: the first Intl formatter of a
 * process loads the locale and time-zone data (~10 ms), which a Lambda that bundles this module
 * but formats no date would pay at every cold start.
 */
let dateFmt: Intl.DateTimeFormat | undefined;
let dateTimeFmt: Intl.DateTimeFormat | undefined;
let fechaHoraFmt: Intl.DateTimeFormat | undefined;

/** A calendar date (YYYY-MM-DD) or an ISO timestamp, in es-CR. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00-06:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  dateFmt ??= new Intl.DateTimeFormat('es-CR', fechaCorta);
  return dateFmt.format(date);
}

/** Notification dates: day, short month, hour, minute (spec §2 Notification bell). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  dateTimeFmt ??= new Intl.DateTimeFormat('es-CR', fechaHora);
  return dateTimeFmt.format(date);
}

/**
 * A moment that may be months or years old (a solicitud's dates, a receipt, a contact log entry):
 * day, short month, year, hour and minute. The bell keeps formatDateTime (its items are recent).
 */
export function formatFechaHora(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  fechaHoraFmt ??= new Intl.DateTimeFormat('es-CR', fechaHoraConAnio);
  return fechaHoraFmt.format(date);
}

const numeros = new Map<string, Intl.NumberFormat>();
function numeroFmt(min: number, max: number): Intl.NumberFormat {
  const clave = `${min}:${max}`;
  let fmt = numeros.get(clave);
  if (!fmt) {
    fmt = new Intl.NumberFormat('es-CR', { minimumFractionDigits: min, maximumFractionDigits: max });
    numeros.set(clave, fmt);
  }
  return fmt;
}

/**
 * A number in es-CR: no-break-space thousands and a decimal comma (1 234,5). `decimales` fixes
 * the decimals shown; without it up to 2 are shown, as needed. Decimal strings from the API
 * ("18.50") are accepted; anything that is not a number shows '—'.
 */
export function formatNumero(valor: number | string | null | undefined, decimales?: number): string {
  const n = typeof valor === 'string' ? (valor.trim() === '' ? Number.NaN : Number(valor)) : (valor ?? Number.NaN);
  if (!Number.isFinite(n)) return '—';
  return decimales === undefined ? numeroFmt(0, 2).format(n) : numeroFmt(decimales, decimales).format(n);
}

/** A percentage given in percent ("28", 28.5, "12.5") in es-CR: 28,00 % (no-break space before %). */
export function formatPorcentaje(valor: number | string | null | undefined, decimales = 2): string {
  const numero = formatNumero(valor, decimales);
  return numero === '—' ? numero : `${numero}\u00a0%`;
}
