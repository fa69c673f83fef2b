/**
 * How a query names a credit or a solicitud by its number (pure). A credit number is
 * `CR-{year}-{6 digits}`; a solicitud number `SOL-{year}-{4 to 6 digits}` (solicitudes/domain.ts).
 * Staff type them whole, without the prefix ('2026-4821'), or, for a solicitud, the digits alone:
 * those are tried in the current year and the one before (numbers are per year).
 */

/** The credit number a query names whole, in its stored form, or null. */
export function numeroCreditoDe(q: string): string | null {
  const m = /^(?:cr[-\s]?)?(\d{4})[-\s](\d{1,6})$/i.exec(q.trim());
  return m ? `CR-${m[1]}-${m[2]!.padStart(6, '0')}` : null;
}

/** The solicitud numbers a query may name (at most two), in their stored form. */
export function numerosSolicitudDe(q: string, hoy: Date): string[] {
  const texto = q.trim();
  const completo = /^(?:sol[-\s]?)?(\d{4})[-\s](\d{4,6})$/i.exec(texto);
  if (completo) return [`SOL-${completo[1]}-${completo[2]}`];
  const solo = /^(?:sol[-\s]?)?(\d{4,6})$/i.exec(texto);
  if (!solo) return [];
  const anio = hoy.getUTCFullYear();
  return [`SOL-${anio}-${solo[1]}`, `SOL-${anio - 1}-${solo[1]}`];
}
