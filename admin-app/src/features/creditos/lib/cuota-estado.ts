import { TEXTS, type Cuota } from '@cuota/shared';

const e = TEXTS.creditos.cuotaEstado;

/**
 * Spec §4 Cuota display: 'Pagada'; unpaid and past due → 'Vencida (N días)' from dias_mora
 * (the server computes it against the business date, so dias_mora > 0 means past due);
 * otherwise 'Pendiente'.
 */
export function cuotaEstadoLabel(cuota: Pick<Cuota, 'pagada' | 'dias_mora'>): string {
  if (cuota.pagada) return e.pagada;
  if (cuota.dias_mora > 0) return e.vencida(cuota.dias_mora);
  return e.pendiente;
}
