const dateFmt = new Intl.DateTimeFormat('es-CR', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'America/Costa_Rica' });
const dateTimeFmt = new Intl.DateTimeFormat('es-CR', {
  day: '2-digit',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Costa_Rica',
});

/** A calendar date (YYYY-MM-DD) or an ISO timestamp, in es-CR. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00-06:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dateFmt.format(date);
}

/** Notification dates: day, short month, hour, minute (spec §2 Notification bell). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dateTimeFmt.format(date);
}
