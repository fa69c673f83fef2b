import { sumarDias } from '@cuota/shared';
import { queryAll, tableName } from '#commons/db';
import { promesaAbiertaDe } from '#entities/gestion';
import { particionPagosCredito } from '#entities/pago';
import { pagadoEnPromesa, type PagoDePromesa } from './promesas';

type Item = Record<string, unknown>;

/**
 * How many days after a promise's date its judgement waits for payments the customer reported
 * (estado registrado, pending reconciliation) to be approved or rejected (docs/lending-engine.md
 * "Promesas de pago").
 */
export const PROMESA_DIAS_EN_REVISION = 5;

/** The credit's reported payments still pending reconciliation, by their reported date (fecha_pago). */
async function reportadosPendientes(creditoId: string): Promise<PagoDePromesa[]> {
  const { items } = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    FilterExpression: 'estado = :e',
    ExpressionAttributeValues: { ':pk': particionPagosCredito(creditoId), ':e': 'registrado' },
  });
  return items.map((p) => ({ fecha_valor: String(p.fecha_pago), monto_centimos: Number(p.monto_centimos) }));
}

/**
 * Whether the close for `hasta` postpones judging the credit's open promise: it is due, the applied
 * payments do not keep it, but together with the reported payments pending reconciliation inside
 * its window they would, and `hasta` is at most PROMESA_DIAS_EN_REVISION days past its date. The
 * credit stays on gsi3 (the day after the promise's date), so every close revisits it until the
 * reports are decided or the wait ends. Reads the pending reports only in that case.
 */
export async function promesaEnRevision(credito: Item, movimientos: ReadonlyMap<string, Item>, hasta: string): Promise<boolean> {
  const promesa = promesaAbiertaDe(credito);
  if (!promesa || promesa.fecha >= hasta || hasta > sumarDias(promesa.fecha, PROMESA_DIAS_EN_REVISION)) return false;
  const aplicados = [...movimientos.values()].map((m) => ({
    fecha_valor: String(m.fecha_valor),
    monto_centimos: Number(m.monto_centimos),
  }));
  const pagado = pagadoEnPromesa(promesa, aplicados);
  if (pagado >= promesa.monto_centimos) return false;
  const reportados = await reportadosPendientes(String(credito.id));
  return pagado + pagadoEnPromesa(promesa, reportados) >= promesa.monto_centimos;
}
