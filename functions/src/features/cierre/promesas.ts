import { enCartera } from '@cuota/shared/schemas/lending';
import { tableName } from '#commons/db';
import { clavePromesa, promesaAbiertaDe, type PromesaAbierta } from '#entities/gestion';
import type { Accion } from '#commons/transaccion';
import type { ResumenCredito } from './domain';

/**
 * Payment promises in the engine (docs/lending-engine.md "Promesas de pago"). A credit's open
 * promise lives on its item (`promesa_abierta`); the entity puts the credit on gsi3 no later than
 * the day after the promise's date, so the close of that day meets it here and marks it kept or
 * broken. A broken promise leaves `promesa_incumplida` (its date) on the credit, which the
 * collections worklist puts first with an alert; the alert goes once nothing is overdue
 * (creditoUpdate applies sinAtrasoSinAlerta to every write of a credit).
 */

type Item = Record<string, unknown>;

/** A payment as the promise rule counts it: its value date and amount (céntimos). */
export interface PagoDePromesa {
  fecha_valor: string;
  monto_centimos: number;
}

/**
 * The rule: the payments applied with a value date from the day the promise was made to its date
 * (both included) sum at least the promised amount, exact in céntimos.
 */
export function pagadoEnPromesa(
  promesa: Pick<PromesaAbierta, 'fecha' | 'fecha_creacion'>,
  pagos: readonly PagoDePromesa[],
): number {
  return pagos
    .filter((p) => p.fecha_valor >= promesa.fecha_creacion && p.fecha_valor <= promesa.fecha)
    .reduce((s, p) => s + p.monto_centimos, 0);
}

export const promesaCumplida = (promesa: PromesaAbierta, pagos: readonly PagoDePromesa[]): boolean =>
  pagadoEnPromesa(promesa, pagos) >= promesa.monto_centimos;

/**
 * What a credit's close for `hasta` adds about its promise: once `hasta` is past the promise's
 * date, the promise item becomes cumplida or incumplida (conditional on still being pendiente)
 * and the credit drops it; a broken one sets the alert. The alert is cleared once nothing is
 * overdue (see sinAtrasoSinAlerta).
 */
export function promesaEnCierre(
  credito: Item,
  movimientos: ReadonlyMap<string, Item>,
  resumen: Pick<ResumenCredito, 'dias_mora_max'>,
  hasta: string,
  now: Date,
): { cambios: Item; items: Accion[] } {
  const promesa = promesaAbiertaDe(credito);
  if (!promesa || promesa.fecha >= hasta) return { cambios: {}, items: [] };
  const pagos = [...movimientos.values()].map((m) => ({
    fecha_valor: String(m.fecha_valor),
    monto_centimos: Number(m.monto_centimos),
  }));
  const pagado = pagadoEnPromesa(promesa, pagos);
  const cumplida = pagado >= promesa.monto_centimos;
  const alerta = cumplida || resumen.dias_mora_max === 0 ? null : promesa.fecha;
  return {
    cambios: { promesa_abierta: null, promesa_incumplida: alerta },
    items: [resolverPromesa(String(credito.id), promesa, cumplida ? 'cumplida' : 'incumplida', pagado, now)],
  };
}

/** The broken-promise alert of a credit that has nothing overdue any more is cleared. */
export function sinAtrasoSinAlerta(prev: Item, resumen: Partial<Pick<ResumenCredito, 'dias_mora_max'>>): Item {
  return typeof prev.promesa_incumplida === 'string' && resumen.dias_mora_max === 0 ? { promesa_incumplida: null } : {};
}

export function resolverPromesa(
  creditoId: string,
  promesa: Pick<PromesaAbierta, 'id' | 'created_at'>,
  estado: 'cumplida' | 'incumplida' | 'reemplazada' | 'anulada',
  pagado: number | null,
  now: Date,
): Accion {
  return {
    Update: {
      TableName: tableName(),
      Key: clavePromesa(creditoId, promesa.created_at, promesa.id),
      UpdateExpression: 'SET estado = :e, pagado_centimos = :p, resuelta_en = :r',
      ConditionExpression: 'attribute_exists(pk) AND estado = :pendiente',
      ExpressionAttributeValues: { ':e': estado, ':p': pagado, ':r': now.toISOString(), ':pendiente': 'pendiente' },
    },
  };
}

/**
 * A credit leaving the active portfolio (written off, or cancelled by a payment) resolves its open
 * promise in the same transaction: the close never visits it again. Cancelled with the rule met by
 * `pagos` (the applied payments, the new one included) → cumplida; otherwise (written off, or
 * cancelled without the promised amount in its window) → anulada. The alert goes with it.
 */
export function promesaFueraDeCartera(
  credito: Item,
  estado: unknown,
  pagos: readonly PagoDePromesa[],
  now: Date,
): { cambios: Item; items: Accion[] } {
  const promesa = promesaAbiertaDe(credito);
  if (enCartera(estado)) return { cambios: {}, items: [] };
  const alerta = typeof credito.promesa_incumplida === 'string' ? { promesa_incumplida: null } : {};
  if (!promesa) return { cambios: alerta, items: [] };
  const pagado = pagadoEnPromesa(promesa, pagos);
  const cumplida = estado === 'cancelado' && pagado >= promesa.monto_centimos;
  return {
    cambios: { promesa_abierta: null, promesa_incumplida: null },
    items: [resolverPromesa(String(credito.id), promesa, cumplida ? 'cumplida' : 'anulada', pagado, now)],
  };
}
