import { normalizarIdentificacion } from '@cuota/shared/identidad';
import { IDENTIDAD_TIPOS } from '@cuota/shared/schemas/cliente';
import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Cliente, Page } from '@cuota/shared';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { ddb, decodeCursor, encodeCursor, queryAll, tableName, batchGetAll } from '#commons/db';
import { ConflictError, ValidationError } from '#commons/errors';
import { keys, normalizeTerm, stripKeys } from '#commons/keys';
import { actualizar, borrar, comprobar, put, type OpcionesOperacion, type Operacion } from '#commons/transaccion';
import { aggKeys } from '#entities/agregados';
import { itemBusqueda } from '#entities/busqueda';
import type { Termino } from './search-terms';
import { clienteAApi, itemCliente, type PrefijoHijo } from '#entities/cliente';
import { claveUnico, itemUnico } from '#entities/unico';
import { itemUsuarioCliente } from '#entities/usuario-cliente';

/**
 * The reads and writes of client items (the client, its guards, its search terms, its counters)
 * and of the lists of its children. The use cases that compose them are in service.ts.
 */

export async function obtenerCliente(id: string): Promise<Cliente | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.cliente(id) }));
  return out.Item ? clienteAApi(out.Item) : null;
}

/** The client id linked to a sign-in user, or null. */
export async function clienteIdDeUsuario(userId: string): Promise<string | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.usuarioCliente(userId) }));
  return (out.Item?.cliente_id as string | undefined) ?? null;
}

async function leerPagina(input: QueryCommandInput, cursor: string | undefined) {
  const out = await ddb.send(new QueryCommand({ ...input, ExclusiveStartKey: decodeCursor(cursor) }));
  return { items: out.Items ?? [], nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

/** Clients newest first (gsi1 CLIENTES). */
export async function leerClientes(opts: { limit: number; cursor?: string }): Promise<Page<Cliente>> {
  const page = await leerPagina(
    {
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.clientesList() },
      ScanIndexForward: false,
      Limit: opts.limit,
    },
    opts.cursor,
  );
  return { items: page.items.map(clienteAApi), nextCursor: page.nextCursor };
}

/**
 * The ids of the clients with a search term starting with `termino` (one page of the search
 * index): whole tokens first, then, with `sufijos`, the suffixes (another partition), together
 * at most `limit` index items. The cursor is the last key read, so it tells which partition the
 * next page continues in.
 */
export async function leerIdsPorTermino(
  termino: string,
  opts: { limit: number; cursor?: string; sufijos: boolean },
): Promise<Page<string>> {
  const enteras = keys.busqueda(termino, '').pk;
  const sufijos = keys.busqueda(termino, '', true).pk;
  const desde = decodeCursor(opts.cursor);
  if (desde && desde.pk !== enteras && !(opts.sufijos && desde.pk === sufijos))
    throw new ValidationError({ cursor: 'Cursor inválido' });
  const leer = (pk: string, limit: number, inicio: Record<string, unknown> | undefined) =>
    ddb.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :term)',
        ExpressionAttributeValues: { ':pk': pk, ':term': termino },
        Limit: limit,
        ExclusiveStartKey: inicio,
      }),
    );
  const items: Record<string, unknown>[] = [];
  let ultima: Record<string, unknown> | undefined;
  if (!desde || desde.pk === enteras) {
    const out = await leer(enteras, opts.limit, desde);
    items.push(...(out.Items ?? []));
    ultima = out.LastEvaluatedKey;
    // whole tokens read to the end: the suffixes follow, from their start (a key before any item)
    if (!ultima && opts.sufijos) ultima = { pk: sufijos, sk: termino };
  } else ultima = desde;
  if (ultima?.pk === sufijos && items.length < opts.limit) {
    const out = await leer(sufijos, opts.limit - items.length, ultima.sk === termino ? undefined : ultima);
    items.push(...(out.Items ?? []));
    ultima = out.LastEvaluatedKey;
  }
  return { items: [...new Set(items.map((i) => i.cliente_id as string))], nextCursor: encodeCursor(ultima) };
}

/** These clients (one BatchGet), those that exist. */
export async function leerClientesPorId(ids: string[]): Promise<Cliente[]> {
  const items = await batchGetAll(ids.map((id) => keys.cliente(id)));
  return items.flatMap((i) => (i ? [clienteAApi(i)] : []));
}

const hijosQuery = (clienteId: string, prefijo: PrefijoHijo): QueryCommandInput => ({
  TableName: tableName(),
  IndexName: 'gsi1',
  KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :p)',
  ExpressionAttributeValues: { ':pk': keys.clienteChildren(clienteId), ':p': prefijo },
});

/** A client's solicitudes, créditos or pagos (the entity's prefix), newest first (gsi1 CLIENTE#id). */
export async function listarHijos<T>(
  clienteId: string,
  prefijo: PrefijoHijo,
  opts: { limit: number; cursor?: string },
): Promise<Page<T>> {
  const page = await leerPagina({ ...hijosQuery(clienteId, prefijo), ScanIndexForward: false, Limit: opts.limit }, opts.cursor);
  return { items: page.items.map((i) => stripKeys(i) as T), nextCursor: page.nextCursor };
}

/** How many children of one kind a client has. */
export const contarHijos = (clienteId: string, prefijo: PrefijoHijo) =>
  queryAll({ ...hijosQuery(clienteId, prefijo), Select: 'COUNT' }).then((r) => r.count);

/** Each credit of a client: its estado and saldo_capital only. */
export async function saldosDeCreditos(clienteId: string, prefijo: PrefijoHijo) {
  const { items } = await queryAll({ ...hijosQuery(clienteId, prefijo), ProjectionExpression: 'estado, saldo_capital_centimos' });
  return items.map((c) => ({ estado: String(c.estado), saldo_capital_centimos: Number(c.saldo_capital_centimos ?? 0) }));
}

// ---------------------------------------------------------------- writes

const nuevo = { condicion: 'attribute_not_exists(pk)' };
const duplicado = (mensaje: string) => ({ ...nuevo, siFalla: new ConflictError(mensaje, 'DUPLICATE') });

/** A new client item (the email already lower-cased). */
export const clienteNuevo = (cliente: Cliente): Operacion => put({ ...itemCliente(cliente) }, nuevo);

/** The guard that keeps client emails unique. */
export const emailUnico = (cliente: Cliente): Operacion =>
  put(itemUnico(claveUnico.email(cliente.email), { cliente_id: cliente.id }), duplicado(errorsTexts.emailTaken));

/** The number an identification guard is keyed on: the canonical number, as a search term. */
const numeroDeGuarda = (numero: string) => normalizeTerm(normalizarIdentificacion(numero));

/**
 * The guard that keeps identification numbers unique, on the canonical number alone (a cédula's
 * digits cannot come back as a DNI or a passport), plus checks that no guard of the former
 * type-and-number shape holds the canonical number (clients created before the change had only
 * that one, keyed on the number as typed: the job 'migrar-identidades' gives them the new guard).
 */
export function identidadUnica(cliente: Cliente & { identidad_numero: string }): Operacion[] {
  const numero = numeroDeGuarda(cliente.identidad_numero);
  return [
    put(itemUnico(claveUnico.identidad(numero), { cliente_id: cliente.id }), duplicado(errorsTexts.identityTaken)),
    ...IDENTIDAD_TIPOS.map((tipo) =>
      comprobar(claveUnico.identidadPorTipo(tipo, numero), 'attribute_not_exists(pk)', {
        siFalla: new ConflictError(errorsTexts.identityTaken, 'DUPLICATE'),
      }),
    ),
  ];
}

/** The link from the client's sign-in user (self-registration): one client per user. */
export const usuarioVinculado = (userId: string, clienteId: string): Operacion =>
  put(itemUsuarioCliente(userId, clienteId), duplicado(errorsTexts.alreadyRegistered));

export const terminoNuevo = (t: Termino, clienteId: string): Operacion => put(itemBusqueda(t.texto, clienteId, t.sufijo));
export const terminoBorrado = (t: Termino, clienteId: string): Operacion => borrar(keys.busqueda(t.texto, clienteId, t.sufijo));

/**
 * Only if the fields a client's search terms come from are still those read (the reindexing job
 * reads the clients list, eventually consistent, and must not index a name changed since).
 */
export function terminosVigentes(cliente: Cliente): Operacion {
  // a field the item lacks (read as undefined, e.g. a client written before phones) is checked as absent
  const igual = (campo: string, valor: string | null | undefined, i: number) =>
    valor == null ? `(attribute_not_exists(${campo}) OR attribute_type(${campo}, :nulo))` : `${campo} = :v${i}`;
  const campos = {
    nombre: cliente.nombre,
    apellido: cliente.apellido,
    email: cliente.email,
    identidad_numero: cliente.identidad_numero,
    telefono: cliente.telefono,
  };
  const valores: Valores = {};
  const partes = Object.entries(campos).map(([campo, valor], i) => {
    if (valor == null) valores[':nulo'] = 'NULL';
    else valores[`:v${i}`] = valor;
    return igual(campo, valor, i);
  });
  return comprobar(keys.cliente(cliente.id), partes.join(' AND '), { valores });
}

/** +1 on the clients counters (total, and of the day `fecha`). */
export const contadoresDeAlta = (fecha: string): Operacion[] =>
  [aggKeys.clientesTotal(), aggKeys.clientesDia(fecha)].map((Key) =>
    actualizar(Key, 'ADD #f :one SET tipo = :t', { nombres: { '#f': 'total' }, valores: { ':one': 1, ':t': 'agregado' } }),
  );

/** Changes to a client, only if it is still the item read (its created_at). */
export function clienteCambiado(cliente: Cliente, cambios: Partial<Cliente>): Operacion {
  const nombres: Record<string, string> = {};
  const valores: Valores = { ':created': cliente.created_at };
  const sets = Object.entries(cambios).map(([k, v], i) => {
    nombres[`#f${i}`] = k;
    valores[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  return actualizar(keys.cliente(cliente.id), `SET ${sets.join(', ')}`, { condicion: 'created_at = :created', nombres, valores });
}

/** The ExpressionAttributeValues of an update. */
type Valores = NonNullable<OpcionesOperacion['valores']>;

// ---------------------------------------------------------------- identification migration

/** The client holding the guard of this (canonical) identification number, or null. */
export async function duenoDeIdentidad(numero: string): Promise<string | null> {
  const clave = claveUnico.identidad(numeroDeGuarda(numero));
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: clave, ConsistentRead: true }));
  return (out.Item?.cliente_id as string | undefined) ?? null;
}

/**
 * A client's identification stored canonical: the number rewritten (only if it is still the one
 * read) and the guard on the canonical number taken, or kept if this client already holds it.
 * The former type-and-number guard stays: nothing checks its non-canonical key any more.
 */
export function identidadCanonica(cliente: Cliente & { identidad_numero: string }, canonico: string): Operacion[] {
  const guarda = put(itemUnico(claveUnico.identidad(numeroDeGuarda(canonico)), { cliente_id: cliente.id }), {
    condicion: 'attribute_not_exists(pk) OR cliente_id = :id',
    valores: { ':id': cliente.id },
  });
  if (canonico === cliente.identidad_numero) return [guarda];
  const numero = actualizar(keys.cliente(cliente.id), 'SET identidad_numero = :nuevo', {
    condicion: 'identidad_numero = :antes',
    valores: { ':nuevo': canonico, ':antes': cliente.identidad_numero },
  });
  return [numero, guarda];
}
