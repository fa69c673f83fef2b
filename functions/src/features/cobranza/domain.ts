import { BUCKETS_COBRANZA, diasEntre, sumarDias, type BucketCobranza } from '@cuota/shared';
import { PRIORIDAD_ALERTA, PRIORIDAD_NORMAL } from '#entities/cobranza';

export { bucketDe } from '#entities/cobranza';

/**
 * The worklist's pure rules (docs/cobranza.md): aging buckets by días de mora, the due-date range
 * each bucket is on a business date, and what a credit adds to the per-bucket totals.
 */

export const diasDeMora = (vencimiento: string, fecha: string) => Math.max(0, diasEntre(vencimiento, fecha));

const LIMITES: Record<BucketCobranza, readonly [number, number | null]> = {
  '1-30': [1, 30],
  '31-60': [31, 60],
  '61-90': [61, 90],
  '90+': [91, null],
};

/** The oldest-unpaid due dates [desde, hasta] of a bucket on `fecha` (desde null: no lower bound). */
export function rangoDeVencimientos(bucket: BucketCobranza, fecha: string): { desde: string | null; hasta: string } {
  const [min, max] = LIMITES[bucket];
  return { desde: max === null ? null : sumarDias(fecha, -max), hasta: sumarDias(fecha, -min) };
}

/** A key range of the days index (gsi4): a bucket's due dates under one priority prefix. */
export interface Tramo {
  desde: string;
  hasta: string;
}
const FIN = '\uffff';

/** gsi4 sort-key ranges for a bucket: the broken-promise credits' first, then the rest. */
export function tramosDias(bucket: BucketCobranza | undefined, fecha: string): Tramo[] {
  if (!bucket) return [{ desde: PRIORIDAD_ALERTA, hasta: `${PRIORIDAD_NORMAL}${FIN}` }];
  const r = rangoDeVencimientos(bucket, fecha);
  return [PRIORIDAD_ALERTA, PRIORIDAD_NORMAL].map((p) => ({ desde: `${p}${r.desde ?? ''}`, hasta: `${p}${r.hasta}#${FIN}` }));
}

export function totalesDe(aggs: ReadonlyArray<Record<string, unknown> | undefined>) {
  const leer = (k: string) => aggs.reduce((s, a) => s + (typeof a?.[k] === 'number' ? (a[k] as number) : 0), 0);
  return BUCKETS_COBRANZA.map((bucket) => ({
    bucket,
    creditos: leer(`b_${bucket}_creditos`),
    monto_vencido_centimos: leer(`b_${bucket}_vencido_centimos`),
  }));
}
