import type { BucketCobranza } from '@cuota/shared/schemas/cobranza';
import { enCartera } from '@cuota/shared/schemas/lending';
import { normalizeTerm, type TableItem } from './comun';

/**
 * The collections worklist (docs/cobranza.md): credits in arrears on two sparse indexes, keyed on
 * the credit item itself and derived here from the credit's own fields, so whoever writes the
 * credit (disbursement, the daily close, a payment's recompute, an assignment) keeps them.
 *
 * - gsi4 (by días de mora): pk `COBRANZA#<cobrador|SIN_ASIGNAR>`, sk `<prioridad><vencimiento>#<id>`,
 *   vencimiento = the oldest unpaid due date, so ascending = most días de mora first and an aging
 *   bucket is a range of due dates.
 * - gsi5 (by monto vencido): same pk, sk `<prioridad><monto invertido>#<id>`, ascending = largest first.
 * prioridad is '0' while a promise of payment is broken (`promesa_incumplida`), '1' otherwise: those
 * credits sort first. A credit is on both while it is not cancelado and has días de mora > 0.
 */
export const PRIORIDAD_ALERTA = '0';
export const PRIORIDAD_NORMAL = '1';
export const SIN_ASIGNAR = 'SIN_ASIGNAR';

/** The worklist partition of one cobrador (or of the unassigned credits). */
export const particionCobranza = (cobradorId: string | null) => `COBRANZA#${cobradorId ?? SIN_ASIGNAR}`;

/** The item listing which cobradores hold a worklist partition (the "all" view merges them). */
export const claveCobradoresCobranza = () => ({ pk: 'COBRANZA', sk: 'COBRADORES' });

/** Wider than any amount the platform handles (céntimos): inverted amounts sort largest first. */
const MONTO_MAX = 10n ** 16n - 1n;
export const montoInvertido = (centimos: number) =>
  (MONTO_MAX - BigInt(Math.max(0, Math.trunc(centimos)))).toString().padStart(16, '0');

export interface CamposCobranza {
  id: string;
  estado: string;
  proximo_vencimiento?: string | null;
  dias_mora_max?: number | null;
  monto_vencido_centimos?: number | null;
  cobrador_id?: string | null;
  promesa_incumplida?: string | null;
  zona?: string | null;
}

export const enMora = (c: CamposCobranza): boolean =>
  enCartera(c.estado) && typeof c.proximo_vencimiento === 'string' && (c.dias_mora_max ?? 0) > 0;

/**
 * gsi4/gsi5 attributes of a credit (none when it is not in arrears: sparse), and `zona_norm`, its
 * zone normalised like search terms (normalizeTerm: no accents, lower case) for the zone filter.
 */
export function indicesCobranza(c: CamposCobranza): Partial<TableItem> {
  if (!enMora(c)) return {};
  const pk = particionCobranza(c.cobrador_id ?? null);
  const prioridad = c.promesa_incumplida ? PRIORIDAD_ALERTA : PRIORIDAD_NORMAL;
  return {
    gsi4pk: pk,
    gsi4sk: `${prioridad}${c.proximo_vencimiento}#${c.id}`,
    gsi5pk: pk,
    gsi5sk: `${prioridad}${montoInvertido(c.monto_vencido_centimos ?? 0)}#${c.id}`,
    ...(typeof c.zona === 'string' && c.zona.trim() ? { zona_norm: normalizeTerm(c.zona) } : {}),
  };
}

/** Per-bucket totals of a worklist partition (or of all: TODOS), kept by the stream consumer. */
export const aggCobranza = (particion: string) => ({ pk: `AGG#${particion}`, sk: 'RESUMEN' });
export const PARTICION_TODOS = 'COBRANZA#TODOS';

/** Días de mora (oldest unpaid due date → business date) and their bucket; null when not overdue. */
export function bucketDe(dias: number): BucketCobranza | null {
  if (dias <= 0) return null;
  if (dias <= 30) return '1-30';
  if (dias <= 60) return '31-60';
  if (dias <= 90) return '61-90';
  return '90+';
}

/**
 * What one credit adds to the worklist totals (kept by the dashboard's stream consumer): by the
 * bucket of its stored días de mora (the close rewrites every overdue credit each business date).
 */
export function contribucionCobranza(
  credito: Record<string, unknown>,
): Array<[{ pk: string; sk: string }, Record<string, number>]> {
  const dias = typeof credito.dias_mora_max === 'number' ? credito.dias_mora_max : 0;
  const bucket = bucketDe(dias);
  if (!bucket || !enCartera(credito.estado) || typeof credito.proximo_vencimiento !== 'string') return [];
  const monto = typeof credito.monto_vencido_centimos === 'number' ? Math.trunc(credito.monto_vencido_centimos) : 0;
  const campos = { [`b_${bucket}_creditos`]: 1, [`b_${bucket}_vencido_centimos`]: monto };
  const cobrador = typeof credito.cobrador_id === 'string' && credito.cobrador_id ? credito.cobrador_id : null;
  return [
    [aggCobranza(PARTICION_TODOS), campos],
    [aggCobranza(particionCobranza(cobrador)), campos],
  ];
}
