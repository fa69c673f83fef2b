import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Cliente, type Page, type ProductoDetalle, type SolicitudDetalle } from '@cuota/shared';
import { solicitudesTexts } from '@cuota/shared/texts/solicitudes';
import { actorDe, type Caller } from '#commons/auth';
import { ddb, decodeCursor, encodeCursor, queryAll, tableName } from '#commons/db';
import { NotFoundError, ValidationError } from '#commons/errors';
import { itemFor } from '#commons/items';
import { ENTITY, keys } from '#commons/keys';
import type { TableItem } from '#commons/items';
import { mergedNewestFirst } from '#commons/merged-page';
import { MAX_ACCIONES, type Accion, type OpcionesOperacion } from '#commons/transaccion';
import { obtenerProducto } from '#features/productos/index';
import { creditosDeCliente } from '#entities/credito';
import { lineaDeItem, type LineaCreditoGuardada } from '#entities/linea-credito';
import {
  PARTICION_SOLICITUDES,
  particionSolicitudesEstado,
  solicitudAApi,
  type CambiosSolicitud,
  type SolicitudGuardada,
} from '#entities/solicitud';
import { obtenerCliente } from '#features/clientes/index';
import { PENDIENTES, TRANSICIONES, type AccionSolicitud } from './domain';

/**
 * The solicitudes' reads and the write operations their use cases (service.ts) compose.
 */

export type { SolicitudGuardada };

/** The ExpressionAttributeValues of an update. */
type Valores = NonNullable<OpcionesOperacion['valores']>;

/** DynamoDB's limit on one TransactWriteItems call. */
export const MAX_TRANSACT_ITEMS = MAX_ACCIONES;

const t = solicitudesTexts;

const toSolicitud = solicitudAApi;

export const nombreDe = (c: { nombre: string; apellido: string }) => `${c.nombre} ${c.apellido}`;
export const autor = (caller: Caller) => actorDe(caller).user_nombre;

// ---------------------------------------------------------------- reads

export async function leerSolicitud(id: string): Promise<SolicitudGuardada | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.solicitud(id), ConsistentRead: true }));
  return out.Item ? toSolicitud(out.Item) : null;
}

export async function obtenerSolicitudExistente(id: string): Promise<SolicitudGuardada> {
  const s = await leerSolicitud(id);
  if (!s) throw new NotFoundError(t.notFound);
  return s;
}

/** GET /api/solicitudes/{id}: with the client's current record and the product. */
export async function obtenerSolicitudDetalle(id: string): Promise<SolicitudDetalle> {
  const s = await obtenerSolicitudExistente(id);
  const [cliente, producto] = await Promise.all([obtenerCliente(s.cliente_id), obtenerProducto(s.producto_id)]);
  return detalle(s, cliente, producto);
}

export function detalle(s: SolicitudGuardada, cliente: Cliente | null, producto: ProductoDetalle | null): SolicitudDetalle {
  return {
    ...s,
    cliente_nombre: cliente?.nombre ?? s.cliente_nombre,
    cliente_apellido: cliente?.apellido ?? s.cliente_apellido,
    cliente_email: cliente?.email ?? s.cliente_email,
    producto_nombre: producto?.nombre ?? s.producto_nombre,
    cliente: cliente && {
      id: cliente.id,
      nombre: cliente.nombre,
      apellido: cliente.apellido,
      email: cliente.email,
      telefono: cliente.telefono,
      identidad_tipo: cliente.identidad_tipo,
      identidad_numero: cliente.identidad_numero,
      fecha_nacimiento: cliente.fecha_nacimiento,
      ciudad: cliente.ciudad,
      kyc_completado: cliente.kyc_completado,
      score_crediticio: cliente.score_crediticio,
      riesgo: cliente.riesgo,
    },
    producto: producto && {
      id: producto.id,
      codigo: producto.codigo,
      nombre: producto.nombre,
      activo: producto.activo,
      monto_minimo_centimos: producto.monto_minimo_centimos,
      monto_maximo_centimos: producto.monto_maximo_centimos,
      plazo_minimo_meses: producto.plazo_minimo_meses,
      plazo_maximo_meses: producto.plazo_maximo_meses,
      tasa_interes_anual: producto.tasa_interes_anual,
    },
  };
}

/**
 * GET /api/solicitudes, newest first (the client's name is stored on the item):
 * all on gsi2 SOLICITUDES, one estado on gsi3 SOLICITUDES#estado, pending = enviado and
 * en_analisis merged from their two gsi3 partitions.
 */
export async function listarSolicitudes(opts: {
  estado?: string;
  pendientes?: 'true' | 'false';
  limit: number;
  cursor?: string;
}): Promise<Page<SolicitudGuardada>> {
  const pendientes = opts.pendientes === 'true';
  if (pendientes && opts.estado) throw new ValidationError({ pendientes: t.pendientesConEstado });
  if (pendientes) {
    const page = await mergedNewestFirst({
      index: 'gsi3',
      partitions: PENDIENTES.map(particionSolicitudesEstado),
      limit: opts.limit,
      cursor: opts.cursor,
    });
    return { items: page.items.map(toSolicitud), nextCursor: page.nextCursor };
  }
  const [index, pk] = opts.estado
    ? (['gsi3', particionSolicitudesEstado(opts.estado)] as const)
    : (['gsi2', PARTICION_SOLICITUDES] as const);
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: `${index}pk = :pk`,
      ExpressionAttributeValues: { ':pk': pk },
      ScanIndexForward: false,
      Limit: opts.limit,
      ExclusiveStartKey: decodeCursor(opts.cursor),
    }),
  );
  return { items: (out.Items ?? []).map(toSolicitud), nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

/**
 * The solicitud's part of a transition: its new estado (and gsi3 partition, derived by
 * itemFor), conditional on the estado still being one the action starts from, so concurrent
 * or repeated calls apply once.
 */
export function transicion(s: SolicitudGuardada, accion: AccionSolicitud, set: CambiosSolicitud): Accion {
  const { desde, hacia } = TRANSICIONES[accion];
  const derivado = itemFor.solicitud({ ...s, estado: hacia });
  const fields = { ...set, estado: hacia, gsi3pk: derivado.gsi3pk };
  const names: Record<string, string> = {};
  const values: Valores = {};
  const sets = Object.entries(fields).map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  const allowed = desde.map((e, i) => {
    values[`:d${i}`] = e;
    return `:d${i}`;
  });
  names['#estado'] = 'estado';
  return {
    Update: {
      TableName: tableName(),
      Key: keys.solicitud(s.id),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: `#estado IN (${allowed.join(', ')})`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

export async function creditosDelCliente(clienteId: string) {
  const { items } = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :p)',
    ExpressionAttributeValues: { ':pk': keys.clienteChildren(clienteId), ':p': creditosDeCliente() },
    ProjectionExpression: 'estado, saldo_capital_centimos, saldo_mora_centimos',
  });
  return items.map((c) => ({
    estado: String(c.estado),
    saldo_capital_centimos: Number(c.saldo_capital_centimos ?? 0),
    saldo_mora_centimos: Number(c.saldo_mora_centimos ?? 0),
  }));
}

/** The next credit number, taken with an atomic ADD (never refused, never handed out twice). */
export async function reservarNumeroCredito(): Promise<number> {
  const out = await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.secuenciaCredito(),
      UpdateExpression: 'SET tipo = :tipo ADD valor :uno',
      ExpressionAttributeValues: { ':tipo': ENTITY.secuencia, ':uno': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.valor);
}

/** Any item by key, as stored (consistent read). */
export async function getItem(key: { pk: string; sk: string }): Promise<TableItem | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return (out.Item as TableItem | undefined) ?? null;
}

/** The client's credit-line item, or null before its first credit. */
export async function leerLinea(clienteId: string): Promise<LineaCreditoGuardada | null> {
  const item = await getItem(keys.lineaCredito(clienteId));
  return item ? lineaDeItem(item) : null;
}

/** The credit-number sequence: the last number taken. */
export interface SecuenciaCredito {
  valor: number;
}

/** The credit-number sequence, or null before the first credit. */
export async function leerSecuencia(): Promise<SecuenciaCredito | null> {
  const item = await getItem(keys.secuenciaCredito());
  return item ? { valor: Number(item.valor) } : null;
}
