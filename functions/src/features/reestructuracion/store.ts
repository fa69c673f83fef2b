import type { CuotaPlan, Reestructuracion, Reestructurar } from '@cuota/shared';
import { reestructuracionTexts as t } from '@cuota/shared/texts/reestructuracion';
import { ulid } from 'ulid';
import { queryAll, tableName } from '#commons/db';
import { ConflictError } from '#commons/errors';
import { huella } from '#commons/idempotencia';
import { borrar, put, type Elemento } from '#commons/transaccion';
import { claveCuota, itemCuotaNueva } from '#entities/cuota';
import { itemMovimiento } from '#entities/movimiento';
import { particionCredito } from '#entities/credito';
import { particionPagosCredito } from '#entities/pago';
import {
  claveReestructuracion,
  itemReestructuracion,
  itemReestructuracionDelDia,
  PREFIJO_REESTRUCTURACION,
  reestructuracionAApi,
} from '#entities/reestructuracion';
import { ENTITY } from '#entities/index';

/** DynamoDB reads and item builders for restructurings (all in the credit's partition). */

/** Every restructuring of a credit (proposals included), newest first. */
export async function listarReestructuraciones(creditoId: string): Promise<Reestructuracion[]> {
  const { items } = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': particionCredito(creditoId), ':p': PREFIJO_REESTRUCTURACION },
    ConsistentRead: true,
  });
  return items
    .filter((i) => i.tipo === ENTITY.reestructuracion)
    .map(reestructuracionAApi)
    .sort((a, b) => b.id.localeCompare(a.id));
}

/**
 * A restructuring must not strand payments the customer reported on the schedule it replaces:
 * while any of the credit's payments is pending reconciliation (registrado), it is a 409.
 */
export async function sinPagosPorConciliar(creditoId: string): Promise<void> {
  const { count } = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    FilterExpression: 'estado = :e',
    ExpressionAttributeValues: { ':pk': particionPagosCredito(creditoId), ':e': 'registrado' },
  });
  if (count > 0) throw new ConflictError(t.pagosPorConciliar(count), 'PAGOS_POR_CONCILIAR');
}

/** One restructuring record, or null. */
export async function leerReestructuracion(creditoId: string, id: string): Promise<Reestructuracion | null> {
  const { items } = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk = :sk',
    ExpressionAttributeValues: { ':pk': claveReestructuracion(creditoId, id).pk, ':sk': claveReestructuracion(creditoId, id).sk },
    ConsistentRead: true,
  });
  return items[0] ? reestructuracionAApi(items[0]) : null;
}

/** A new proposal: put only if the id is new. */
export const proponerPut = (r: Reestructuracion): Elemento =>
  put(itemReestructuracion(r), { condicion: 'attribute_not_exists(pk)' });

/** The record as confirmed: a new one (admin) or the proposal, still pending (conditional). */
export function registroConfirmadoPut(r: Reestructuracion, desdePropuesta: boolean): Elemento {
  return desdePropuesta
    ? put(itemReestructuracion(r), {
        condicion: '#e = :p',
        nombres: { '#e': 'estado' },
        valores: { ':p': 'propuesta' },
        siFalla: new ConflictError(t.propuestaNoPendiente, 'PROPUESTA_NO_PENDIENTE'),
      })
    : put(itemReestructuracion(r), { condicion: 'attribute_not_exists(pk)' });
}

/** The same restructuring once per credit and business date (two confirmations at once make one). */
export const guardaDelDia = (creditoId: string, fecha: string, parametros: Reestructurar, id: string): Elemento =>
  put(itemReestructuracionDelDia(creditoId, fecha, huella({ ...parametros }).slice(0, 24), id), {
    condicion: 'attribute_not_exists(pk)',
    siFalla: new ConflictError(t.yaReestructuradoHoy, 'REESTRUCTURACION_DEL_DIA'),
  });

/** The new schedule's cuotas (1…m) over the old ones; old cuotas numbered past m are deleted (kept on the record). */
export function cuotasNuevasItems(
  creditoId: string,
  reestructuracionId: string,
  cuotas: readonly CuotaPlan[],
  arrastre: number,
  plazoAnterior: number,
): Elemento[] {
  const puestas = cuotas.map((c) =>
    put({
      ...itemCuotaNueva(c, creditoId, ulid()),
      reestructuracion_id: reestructuracionId,
      ...(c.numero_cuota === 1 && arrastre > 0 ? { interes_arrastrado_centimos: arrastre } : {}),
    }),
  );
  const borradas = Array.from({ length: Math.max(0, plazoAnterior - cuotas.length) }, (_, k) =>
    borrar(claveCuota(creditoId, cuotas.length + k + 1)),
  );
  return [...puestas, ...borradas];
}

/** The ledger movement: before and after balances, at the restructuring date. */
export function movimientoReestructuracion(x: {
  id: string;
  creditoId: string;
  fecha: string;
  now: Date;
  registro: Reestructuracion;
  registradoPor: string;
}): Elemento {
  const { plan } = x.registro;
  return put(
    itemMovimiento({
      id: x.id,
      credito_id: x.creditoId,
      fecha_valor: x.fecha,
      created_at: x.now.toISOString(),
      tipo_movimiento: 'reestructuracion',
      pago_id: x.registro.id,
      monto_centimos: plan.capitalizado_centimos,
      registrado_por: x.registradoPor,
      detalle: x.registro.motivo,
      reestructuracion_id: x.registro.id,
      antes_saldos: { ...plan.deuda },
      despues_saldos: {
        capital_centimos: plan.despues.saldo_capital_centimos,
        capitalizado_centimos: plan.capitalizado_centimos,
        arrastre_centimos: plan.arrastre_centimos,
        plazo_meses: plan.despues.plazo_meses,
        tasa_interes_anual: plan.despues.tasa_interes_anual,
      },
    }),
    { condicion: 'attribute_not_exists(pk)' },
  );
}
