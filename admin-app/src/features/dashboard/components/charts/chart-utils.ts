const compact = new Intl.NumberFormat('es-CR', {
  style: 'currency',
  currency: 'CRC',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const monthFmt = new Intl.DateTimeFormat('es-CR', { month: 'short', timeZone: 'UTC' });
const monthYearFmt = new Intl.DateTimeFormat('es-CR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Short money for chart labels, e.g. ₡12,5 M. */
export function formatCompactCRC(centimos: number): string {
  return compact.format(centimos / 100);
}

/** 'YYYY-MM' → 'ene' */
export function monthShort(mes: string): string {
  return monthFmt.format(new Date(`${mes}-01T00:00:00Z`)).replace('.', '');
}

/** 'YYYY-MM' → 'enero de 2026' */
export function monthLong(mes: string): string {
  return monthYearFmt.format(new Date(`${mes}-01T00:00:00Z`));
}

/** Bar length in [0, size], never NaN, with a minimum visible length for non-zero values. */
export function scale(value: number, max: number, size: number): number {
  if (max <= 0 || value <= 0) return 0;
  return Math.max(2, (value / max) * size);
}
