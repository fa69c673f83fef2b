import type { Cuota } from '../schemas/lending';
import { creditosTexts } from '../texts/creditos';

const e = creditosTexts.cuotaEstado;
const DAY_MS = 86_400_000;
const todayFmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Costa_Rica' });

/** Today's calendar date in Costa Rica, YYYY-MM-DD. */
export function hoyCR(now: Date = new Date()): string {
  return todayFmt.format(now);
}

/**
 * Spec §4 Cuota display: 'Pagada'; not paid with a due date in the past → 'Vencida (N días)'
 * with N = dias_mora (the server's figure; when the nightly close has not yet counted it, the
 * calendar days since the due date); otherwise 'Pendiente'.
 */
export function cuotaEstadoLabel(
  cuota: Pick<Cuota, 'pagada' | 'dias_mora' | 'fecha_vencimiento'>,
  hoy: string = hoyCR(),
): string {
  if (cuota.pagada) return e.pagada;
  const vencida = cuota.dias_mora > 0 || cuota.fecha_vencimiento < hoy;
  if (!vencida) return e.pendiente;
  const dias =
    cuota.dias_mora > 0
      ? cuota.dias_mora
      : Math.round((Date.parse(`${hoy}T00:00:00Z`) - Date.parse(`${cuota.fecha_vencimiento.slice(0, 10)}T00:00:00Z`)) / DAY_MS);
  return e.vencida(dias);
}

export function cuotaVencida(cuota: Pick<Cuota, 'pagada' | 'dias_mora' | 'fecha_vencimiento'>, hoy: string = hoyCR()): boolean {
  return !cuota.pagada && (cuota.dias_mora > 0 || cuota.fecha_vencimiento < hoy);
}
