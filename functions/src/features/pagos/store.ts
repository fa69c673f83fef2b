import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '@cuota/shared';
import { ddb, queryAll, tableName } from '#commons/db';
import { itemFor } from '#commons/items';
import { aggKeys, keys } from '#commons/keys';
import { mergedNewestFirst } from '#commons/merged-page';
import { actualizar, put, type OpcionesOperacion, type Operacion } from '#commons/transaccion';
import { listarHijos } from '#features/clientes/index';
import type { Aplicado } from '#features/cierre/index';
import { creditosDeCliente } from '#entities/credito';
import type { MovimientoGuardado } from '#entities/movimiento';
import {
  claveSecuenciaRecibo,
  itemSecuenciaRecibo,
  itemUnicoRecibo,
  pagoAApi,
  pagosDeCliente,
  particionPagosEstado,
  type CambiosPago,
  type PagoGuardado,
} from '#entities/pago';

/**
 * The reads and writes of pago items and of what a payment changes beside its credit (the
 * client's credit line, the ledger). The use cases that compose them are in service.ts.
 */

/** A pago by id (consistent: an approval decides on it). */
export async function leerPago(id: string): Promise<PagoGuardado | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.pago(id), ConsistentRead: true }));
  return out.Item ? (pagoAApi(out.Item) as PagoGuardado) : null;
}

/** A client's payments, newest first (gsi1 CLIENTE#id PAGO#…). */
export const leerPagosCliente = (clienteId: string, opts: { limit: number; cursor?: string }) =>
  listarHijos<PagoGuardado>(clienteId, pagosDeCliente(), opts);

/** Payments in these estados, newest first, merged from their gsi3 PAGOS#estado partitions. */
export async function leerPagosPorEstado(
  estados: readonly string[],
  opts: { limit: number; cursor?: string },
): Promise<Page<PagoGuardado>> {
  const page = await mergedNewestFirst({
    index: 'gsi3',
    partitions: estados.map(particionPagosEstado),
    limit: opts.limit,
    cursor: opts.cursor,
  });
  return { items: page.items.map((i) => pagoAApi(i) as PagoGuardado), nextCursor: page.nextCursor };
}

/** The aggregates the dashboard's stream consumer keeps: pending payments, and conciliated on `fecha`. */
export async function leerAgregadosPagos(fecha: string) {
  const [total, dia] = await Promise.all(
    [aggKeys.pagos(), aggKeys.pagosDia(fecha)].map(
      async (Key) => (await ddb.send(new GetCommand({ TableName: tableName(), Key }))).Item ?? {},
    ),
  );
  const n = (valor: unknown): number => (typeof valor === 'number' ? valor : 0);
  return {
    pendientes: n(total!.pendientes),
    pendientes_centimos: n(total!.pendientes_centimos),
    conciliados: n(dia!.conciliados),
    conciliados_centimos: n(dia!.conciliados_centimos),
  };
}

/** A new pago (registrado), only if its id is new. */
export const pagoNuevo = (pago: PagoGuardado): Operacion =>
  put({ ...itemFor.pago(pago) }, { condicion: 'attribute_not_exists(pk)' });

/** Update of a pago from estado `desde`: the changes (and its gsi3 partition), only if it is still `desde`. */
function pagoDesde(desde: 'registrado' | 'conciliado', pago: PagoGuardado, cambios: CambiosPago): Operacion {
  const next = itemFor.pago({ ...pago, ...cambios });
  const campos = { ...cambios, gsi3pk: next.gsi3pk, gsi3sk: next.gsi3sk };
  const nombres: Record<string, string> = { '#estado': 'estado' };
  const valores: Valores = { ':desde': desde };
  const sets = Object.entries(campos).map(([k, v], i) => {
    nombres[`#f${i}`] = k;
    valores[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  return actualizar(keys.pago(pago.id), `SET ${sets.join(', ')}`, { condicion: '#estado = :desde', nombres, valores });
}

/** Update of a pago leaving registrado: new estado (and its gsi3 partition), only if still registrado. */
export const pagoTransicion = (pago: PagoGuardado, cambios: CambiosPago): Operacion => pagoDesde('registrado', pago, cambios);

/** Update of an applied pago undone (conciliado → reversado), only if still conciliado. */
export const pagoReversion = (pago: PagoGuardado, cambios: CambiosPago): Operacion => pagoDesde('conciliado', pago, cambios);

/** The last receipt number handed out in `anio` (0 before the first). */
export async function leerSecuenciaRecibo(anio: string): Promise<number> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: claveSecuenciaRecibo(anio), ConsistentRead: true }));
  return out.Item ? Number(out.Item.valor) : 0;
}

/**
 * Takes receipt number `n` of `anio` in the payment's transaction: the sequence moves from n − 1
 * to n (or is created at 1) and a guard item holds the number, so two payments written at once
 * never share one (the loser's transaction is cancelled and it reads the sequence again).
 */
export function tomarRecibo(anio: string, n: number, numero: string, pagoId: string): Operacion[] {
  const secuencia =
    n === 1
      ? put(itemSecuenciaRecibo(anio, 1), { condicion: 'attribute_not_exists(pk)' })
      : actualizar(claveSecuenciaRecibo(anio), 'SET valor = :n', {
          condicion: 'valor = :prev',
          valores: { ':n': n, ':prev': n - 1 },
        });
  return [secuencia, put(itemUnicoRecibo(numero, pagoId), { condicion: 'attribute_not_exists(pk)' })];
}

/** A re-allocated payment's aplicado_* (on its pago or its ledger movement), only if the item exists. */
export function actualizarAplicado(Key: { pk: string; sk: string }, a: Aplicado): Operacion {
  return actualizar(Key, 'SET aplicado_mora_centimos = :m, aplicado_interes_centimos = :i, aplicado_capital_centimos = :c', {
    condicion: 'attribute_exists(pk)',
    valores: { ':m': a.mora, ':i': a.interes, ':c': a.capital },
  });
}

/** A new ledger movement of a credit, only if its id is new. */
export function movimientoNuevo(campos: MovimientoGuardado): Operacion {
  return put(itemFor.movimiento(campos), { condicion: 'attribute_not_exists(pk)' });
}

/**
 * The client's credit-line usage goes down by the capital repaid, in the same transaction. A
 * client without a line item yet gets one holding Σ saldo_capital of its credits after this
 * payment (what the disbursement would compute), put only if still absent.
 */
export async function lineaTrasPago(
  clienteId: string,
  creditoId: string,
  saldoNuevo: number,
  capital: number,
  now: Date,
): Promise<Operacion | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.lineaCredito(clienteId), ConsistentRead: true }));
  if (out.Item) {
    if (capital === 0) return null;
    return actualizar(keys.lineaCredito(clienteId), 'ADD usado_centimos :menos SET updated_at = :now', {
      condicion: 'attribute_exists(pk)',
      valores: { ':menos': -capital, ':now': now.toISOString() },
    });
  }
  const { items } = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :p)',
    ExpressionAttributeValues: { ':pk': keys.clienteChildren(clienteId), ':p': creditosDeCliente() },
    ProjectionExpression: 'id, saldo_capital_centimos',
  });
  const usado = items.reduce((s, c) => s + (c.id === creditoId ? saldoNuevo : Number(c.saldo_capital_centimos ?? 0)), 0);
  return put(itemFor.lineaCredito({ cliente_id: clienteId, usado_centimos: usado, updated_at: now.toISOString() }), {
    condicion: 'attribute_not_exists(pk)',
  });
}

/** The ExpressionAttributeValues of an update. */
type Valores = NonNullable<OpcionesOperacion['valores']>;

/**
 * Every payment pending reconciliation (gsi3 PAGOS#registrado, all pages): what a bank statement is
 * matched against. Its cost grows with the pending payments, not with the portfolio.
 */
export async function leerPagosPendientes(): Promise<PagoGuardado[]> {
  const { items } = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': particionPagosEstado('registrado') },
  });
  return items.map((i) => pagoAApi(i) as PagoGuardado);
}
