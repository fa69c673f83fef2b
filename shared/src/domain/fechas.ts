/** Business dates: calendar days in the lender's time zone (setting `timezone`, default Costa Rica). */
export const DEFAULT_TIMEZONE = 'America/Costa_Rica';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of an instant in the given time zone. */
export function fechaNegocio(instant: Date, timeZone: string = DEFAULT_TIMEZONE): string {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, fmt);
  }
  return fmt.format(instant);
}
