import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  CONFIGURACION_CONOCIDA,
  DEFAULT_TIMEZONE,
  fechaNegocio,
  type ClaveConfiguracion,
  type Configuracion,
  type CuentaBancaria,
  type MetodoPago,
  type Page,
} from '@cuota/shared';
import { configuracionTexts } from '@cuota/shared/texts/configuracion';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { metodosPagoTexts } from '@cuota/shared/texts/metodosPago';
import { actorDe, type Caller } from '#commons/auth';
import { ddb, decodeCursor, encodeCursor, queryAll, tableName, batchGetAll } from '#commons/db';
import { ConflictError, NotFoundError, TransaccionCancelada } from '#commons/errors';
import { itemFor } from '#commons/items';
import { keys } from '#commons/keys';
import { actividadPut } from '#commons/registro';
import { escribirTransaccion } from '#commons/transaccion';
import { clavesVisibles, configuracionDe, configuracionVisible, metodosVisibles, type ValoresGuardados } from './domain';

/** Settings are read consistently: a value just saved by an admin applies to the next request. */
async function batchGet(keyList: { pk: string; sk: string }[]): Promise<Record<string, unknown>[]> {
  const items = await batchGetAll(keyList, { consistent: true });
  return items.filter((i): i is Record<string, unknown> => Boolean(i));
}

async function valoresGuardados(claves: readonly ClaveConfiguracion[]): Promise<ValoresGuardados> {
  const items = await batchGet(claves.map((c) => keys.configuracion(c)));
  const valores: ValoresGuardados = {};
  for (const item of items) {
    valores[item.clave as ClaveConfiguracion] = { valor: String(item.valor), updated_at: (item.updated_at as string) ?? null };
  }
  return valores;
}

// ---------------------------------------------------------------- settings

/**
 * One setting's text value (spec §3: valor is text), its default when it was never stored.
 * For the other features: payments read allow_credit_card_payments and payment_reflection_hours,
 * the daily close reads timezone.
 */
export async function obtenerValorConfiguracion(clave: ClaveConfiguracion): Promise<string> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.configuracion(clave), ConsistentRead: true }));
  return typeof out.Item?.valor === 'string' ? out.Item.valor : CONFIGURACION_CONOCIDA[clave].valor;
}

/** Several settings in one BatchGet, each with its default when never stored. */
export async function obtenerValoresConfiguracion<K extends ClaveConfiguracion>(
  claves: readonly K[],
): Promise<Record<K, string>> {
  const guardados = await valoresGuardados(claves);
  return Object.fromEntries(claves.map((c) => [c, guardados[c]?.valor ?? CONFIGURACION_CONOCIDA[c].valor])) as Record<K, string>;
}

/** The usury caps in force (Ley 7472 art. 36 bis), for product validation. */
export async function topesUsura(): Promise<{ credito: string; microcredito: string }> {
  const s = await obtenerValoresConfiguracion(['tasa_usura_credito_anual', 'tasa_usura_microcredito_anual']);
  return { credito: s.tasa_usura_credito_anual, microcredito: s.tasa_usura_microcredito_anual };
}

/** GET /api/configuracion: everything for administrators, the public keys for anyone else. */
export async function listarConfiguracion(esAdmin: boolean): Promise<Configuracion[]> {
  return configuracionVisible(await valoresGuardados(clavesVisibles(esAdmin)), esAdmin);
}

const autor = actorDe;

/** A write that lost to another one on the same item: its condition failed or concurrent transactions kept winning. */
const perdioContraOtra = (error: unknown): boolean => error instanceof TransaccionCancelada;

/**
 * Stores a validated value with its activity entry, in one transaction. Writing the value a key
 * already has changes nothing (the condition fails and nothing is logged), so retries are
 * harmless. The value itself never goes to the activity log.
 */
export async function guardarConfiguracion(
  clave: ClaveConfiguracion,
  valor: string,
  caller: Caller,
  now = new Date(),
): Promise<Configuracion> {
  const updated_at = now.toISOString();
  const config = configuracionDe(clave, { valor, updated_at });
  try {
    await escribirTransaccion([
      {
        Put: {
          TableName: tableName(),
          Item: itemFor.configuracion({ ...config, updated_by: caller.userId }),
          ConditionExpression: 'attribute_not_exists(pk) OR valor <> :v',
          ExpressionAttributeValues: { ':v': valor },
        },
      },
      actividadPut({ tipo_actividad: 'update', descripcion: configuracionTexts.actividad(clave), ...autor(caller), now }),
    ]);
  } catch (error) {
    if (!perdioContraOtra(error)) throw error;
    // Already that value (a retry or an identical concurrent request): nothing to do.
    const guardado = (await valoresGuardados([clave]))[clave];
    if (guardado?.valor !== valor) throw new ConflictError(errorsTexts.concurrente);
    return configuracionDe(clave, guardado);
  }
  return config;
}

// ---------------------------------------------------------------- payment methods

function toMetodoPago(item: Record<string, unknown>): MetodoPago {
  return {
    id: String(item.id),
    codigo: String(item.codigo),
    nombre: String(item.nombre),
    requiere_referencia: item.requiere_referencia === true,
    activo: item.activo === true,
    orden: Number(item.orden ?? 0),
  };
}

/** Every method (one small partition), ordered by orden; customers get the active ones only. */
export async function listarMetodosPago(esStaff: boolean): Promise<MetodoPago[]> {
  const { items } = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.metodoPago('').pk },
  });
  return metodosVisibles(items.map(toMetodoPago), esStaff);
}

/**
 * A payment method by its code (= id), or null. For the payments feature: a reported payment
 * must name a method that exists and is `activo`.
 */
export async function obtenerMetodoPago(codigo: string): Promise<MetodoPago | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.metodoPago(codigo), ConsistentRead: true }));
  return out.Item ? toMetodoPago(out.Item) : null;
}

/** PATCH /api/metodos-pago/{id}: the same state again changes and logs nothing. */
export async function cambiarEstadoMetodoPago(
  id: string,
  activo: boolean,
  caller: Caller,
  now = new Date(),
): Promise<MetodoPago> {
  const actual = await obtenerMetodoPago(id);
  if (!actual) throw new NotFoundError(metodosPagoTexts.notFound);
  if (actual.activo === activo) return actual;
  const descripcion = activo
    ? metodosPagoTexts.actividad.activado(actual.nombre)
    : metodosPagoTexts.actividad.desactivado(actual.nombre);
  try {
    await escribirTransaccion([
      {
        Update: {
          TableName: tableName(),
          Key: keys.metodoPago(id),
          UpdateExpression: 'SET activo = :a, updated_at = :t',
          ConditionExpression: 'attribute_exists(pk) AND activo <> :a',
          ExpressionAttributeValues: { ':a': activo, ':t': now.toISOString() },
        },
      },
      actividadPut({ tipo_actividad: 'update', descripcion, ...autor(caller), now }),
    ]);
  } catch (error) {
    if (!perdioContraOtra(error)) throw error;
    // A concurrent identical request won: it is already in the asked state.
    const ahora = await obtenerMetodoPago(id);
    if (!ahora) throw new NotFoundError(metodosPagoTexts.notFound);
    if (ahora.activo !== activo) throw new ConflictError(errorsTexts.concurrente);
    return ahora;
  }
  return { ...actual, activo };
}

// ---------------------------------------------------------------- bank accounts

function toCuentaBancaria(item: Record<string, unknown>): CuentaBancaria {
  return {
    id: String(item.id),
    banco: String(item.banco),
    numero_cuenta: String(item.numero_cuenta),
    moneda: item.moneda === 'USD' ? 'USD' : 'CRC',
    activa: item.activa === true,
    created_at: String(item.created_at),
  };
}

/** The lender's collection accounts, by id, paginated. */
export async function listarCuentasBancarias(opts: { limit: number; cursor?: string }): Promise<Page<CuentaBancaria>> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.cuentaBancaria('').pk },
      Limit: opts.limit,
      ExclusiveStartKey: decodeCursor(opts.cursor),
    }),
  );
  return { items: (out.Items ?? []).map(toCuentaBancaria), nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

/** For reconciliation: a destination account by id, or null. */
export async function obtenerCuentaBancaria(id: string): Promise<CuentaBancaria | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.cuentaBancaria(id) }));
  return out.Item ? toCuentaBancaria(out.Item) : null;
}

/** Several accounts in one BatchGet (e.g. the destination accounts of a page of pagos), by id. */
export async function obtenerCuentasBancarias(ids: readonly string[]): Promise<Map<string, CuentaBancaria>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (unique.length === 0) return new Map();
  const items = await batchGet(unique.map((id) => keys.cuentaBancaria(id)));
  return new Map(items.map((i) => [String(i.id), toCuentaBancaria(i)]));
}

/** The business date's time zone (setting `timezone`); an unusable value falls back to Costa Rica. */
export async function zonaHoraria(): Promise<string> {
  const tz = await obtenerValorConfiguracion('timezone');
  try {
    fechaNegocio(new Date(), tz);
    return tz;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

/** Former name, for callers outside this feature (pagos tests) until they move to guardarConfiguracion. */
