import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { CREDIT_LINE_LIMIT_CENTIMOS, type Cliente, type ClienteDetalle, type Page } from '@cuota/shared';
import { clientesTexts } from '@cuota/shared/texts/clientes';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { ulid } from 'ulid';
import { ddb, decodeCursor, encodeCursor, queryAll, tableName, batchGetAll } from '#commons/db';
import { ConflictError, NotFoundError } from '#commons/errors';
import { ENTITY, keys, normalizeTerm, stripKeys } from '#commons/keys';
import { actividadPut } from '#commons/registro';
import { conError, escribirTransaccion, type Accion, type Elemento } from '#commons/transaccion';
import { queryTerm, searchTerms } from './search-terms';
import { aggKeys } from '#entities/agregados';
import { itemCliente, PREFIJO_HIJO, type PrefijoHijo } from '#entities/cliente';

export type NewCliente = Omit<Cliente, 'id' | 'created_at' | 'riesgo' | 'kyc_completado' | 'score_crediticio'> &
  Partial<Pick<Cliente, 'riesgo' | 'kyc_completado' | 'score_crediticio'>>;

/**
 * Creates a client in one transaction: the item, unique guards for email and identification,
 * the user link (self-registration), its search terms and the portfolio counters.
 */
/** Who made a change, for the activity log. */
export interface Actor {
  user_id: string;
  user_nombre: string | null;
}

export async function createCliente(input: NewCliente, now = new Date(), actor: Actor | null = null): Promise<Cliente> {
  const id = ulid(now.getTime());
  const createdAt = now.toISOString();
  const cliente: Cliente = {
    id,
    created_at: createdAt,
    riesgo: input.riesgo ?? null,
    kyc_completado: input.kyc_completado ?? false,
    score_crediticio: input.score_crediticio ?? null,
    ...input,
    email: input.email.toLowerCase(),
  };
  const table = tableName();
  const notExists = 'attribute_not_exists(pk)';
  const items: Elemento[] = [
    { Put: { TableName: table, Item: itemCliente(cliente), ConditionExpression: notExists } },
    {
      Put: {
        TableName: table,
        Item: { ...keys.unicoEmail(cliente.email), tipo: ENTITY.unico, cliente_id: id },
        ConditionExpression: notExists,
      },
    },
  ];
  // The user link goes first so a second self-registration reports 'perfil ya existe', not the email.
  if (cliente.user_id) {
    items.splice(1, 0, {
      Put: {
        TableName: table,
        Item: { ...keys.usuarioCliente(cliente.user_id), tipo: ENTITY.usuarioCliente, cliente_id: id },
        ConditionExpression: notExists,
      },
    });
  }
  const reasons: string[] = cliente.user_id
    ? ['', errorsTexts.alreadyRegistered, errorsTexts.emailTaken]
    : ['', errorsTexts.emailTaken];
  if (cliente.identidad_numero) {
    items.push({
      Put: {
        TableName: table,
        Item: {
          ...keys.unicoIdentidad(cliente.identidad_tipo, normalizeTerm(cliente.identidad_numero)),
          tipo: ENTITY.unico,
          cliente_id: id,
        },
        ConditionExpression: notExists,
      },
    });
    reasons.push(errorsTexts.identityTaken);
  }
  for (const term of searchTerms(cliente)) {
    items.push({ Put: { TableName: table, Item: { ...keys.busqueda(term, id), tipo: ENTITY.busqueda, cliente_id: id } } });
  }
  if (actor) {
    items.push(
      actividadPut({
        tipo_actividad: 'create',
        descripcion: `Cliente creado: ${cliente.nombre} ${cliente.apellido}`,
        ...actor,
        now,
      }),
    );
  }
  items.push(counterUpdate(aggKeys.clientesTotal(), 'total'));
  items.push(counterUpdate(aggKeys.clientesDia(createdAt.slice(0, 10)), 'total'));
  await escribirTransaccion(
    items.map((op, i) => (reasons[i] ? conError(op as Accion, new ConflictError(reasons[i], 'DUPLICATE')) : op)),
  );
  return cliente;
}

function counterUpdate(Key: { pk: string; sk: string }, field: string) {
  return {
    Update: {
      TableName: tableName(),
      Key,
      UpdateExpression: 'ADD #f :one SET tipo = :t',
      ExpressionAttributeNames: { '#f': field },
      ExpressionAttributeValues: { ':one': 1, ':t': 'agregado' },
    },
  };
}

function toCliente(item: Record<string, unknown>): Cliente {
  return stripKeys(item) as unknown as Cliente;
}

export async function getCliente(id: string): Promise<Cliente | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.cliente(id) }));
  return out.Item ? toCliente(out.Item) : null;
}

export async function getClienteOrThrow(id: string): Promise<Cliente> {
  const cliente = await getCliente(id);
  if (!cliente) throw new NotFoundError(clientesTexts.notFound);
  return cliente;
}

export async function clienteIdOfUser(userId: string): Promise<string | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.usuarioCliente(userId) }));
  return (out.Item?.cliente_id as string | undefined) ?? null;
}

export async function clienteOfUser(userId: string): Promise<Cliente | null> {
  const id = await clienteIdOfUser(userId);
  return id ? getCliente(id) : null;
}

async function queryPage(input: QueryCommandInput, cursor: string | undefined) {
  const out = await ddb.send(new QueryCommand({ ...input, ExclusiveStartKey: decodeCursor(cursor) }));
  return { items: out.Items ?? [], nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

/** Newest first; with `q`, a prefix search over the search-term index (cost grows with matches, not clients). */
export async function listClientes(opts: { q?: string; limit: number; cursor?: string }): Promise<Page<Cliente>> {
  const term = opts.q ? queryTerm(opts.q) : null;
  if (!term) {
    const page = await queryPage(
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
    return { items: page.items.map(toCliente), nextCursor: page.nextCursor };
  }
  const lookup = term.words.reduce((a, b) => (b.length > a.length ? b : a));
  const page = await queryPage(
    {
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :term)',
      ExpressionAttributeValues: { ':pk': keys.busqueda(lookup, '').pk, ':term': lookup },
      Limit: opts.limit,
    },
    opts.cursor,
  );
  const ids = [...new Set(page.items.map((i) => i.cliente_id as string))];
  const clientes = await batchGetClientes(ids);
  const matches = clientes.filter((c) => {
    const words = searchTerms(c).flatMap((t) => t.split(' '));
    return term.words.every((w) => words.some((x) => x.startsWith(w)));
  });
  return { items: matches, nextCursor: page.nextCursor };
}

async function batchGetClientes(ids: string[]): Promise<Cliente[]> {
  const items = await batchGetAll(ids.map((id) => keys.cliente(id)));
  return items.filter((i): i is Record<string, unknown> => Boolean(i)).map(toCliente);
}

export type ClienteCambios = Partial<
  Pick<Cliente, 'nombre' | 'apellido' | 'telefono' | 'direccion' | 'ciudad' | 'pais' | 'kyc_completado'>
>;

/** Updates a client; when the name changes its search terms are replaced in the same transaction. */
export async function updateCliente(id: string, cambios: ClienteCambios, actor: Actor | null = null): Promise<Cliente> {
  const current = await getClienteOrThrow(id);
  const next: Cliente = { ...current, ...cambios };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':created': current.created_at };
  const sets = Object.entries(cambios).map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  const table = tableName();
  const items: Elemento[] = [
    {
      Update: {
        TableName: table,
        Key: keys.cliente(id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'created_at = :created',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  ];
  const before = new Set(searchTerms(current));
  const after = new Set(searchTerms(next));
  for (const t of before) if (!after.has(t)) items.push({ Delete: { TableName: table, Key: keys.busqueda(t, id) } });
  for (const t of after)
    if (!before.has(t))
      items.push({ Put: { TableName: table, Item: { ...keys.busqueda(t, id), tipo: ENTITY.busqueda, cliente_id: id } } });
  if (actor) {
    items.push(
      actividadPut({ tipo_actividad: 'update', descripcion: `Cliente actualizado: ${next.nombre} ${next.apellido}`, ...actor }),
    );
  }
  await escribirTransaccion(items);
  return next;
}

type ChildPrefix = PrefijoHijo;

const childrenQuery = (clienteId: string, prefix: ChildPrefix): QueryCommandInput => ({
  TableName: tableName(),
  IndexName: 'gsi1',
  KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :p)',
  ExpressionAttributeValues: { ':pk': keys.clienteChildren(clienteId), ':p': prefix },
});

/** A client's solicitudes, créditos or pagos, newest first (gsi1 CLIENTE#id). */
export async function listChildren<T>(
  clienteId: string,
  prefix: ChildPrefix,
  opts: { limit: number; cursor?: string },
): Promise<Page<T>> {
  const page = await queryPage({ ...childrenQuery(clienteId, prefix), ScanIndexForward: false, Limit: opts.limit }, opts.cursor);
  return { items: page.items.map((i) => stripKeys(i) as T), nextCursor: page.nextCursor };
}

const ACTIVE = new Set(['vigente', 'al_dia', 'vencido']);

/** Profile: the client, its credit-line usage (Σ saldo_capital, spec §9) and counters. */
export async function getClienteDetalle(id: string): Promise<ClienteDetalle> {
  const cliente = await getClienteOrThrow(id);
  const [solicitudes, pagos, { items: creditos }] = await Promise.all([
    queryAll({ ...childrenQuery(id, PREFIJO_HIJO.solicitud), Select: 'COUNT' }).then((r) => r.count),
    queryAll({ ...childrenQuery(id, PREFIJO_HIJO.pago), Select: 'COUNT' }).then((r) => r.count),
    queryAll({ ...childrenQuery(id, PREFIJO_HIJO.credito), ProjectionExpression: 'estado, saldo_capital_centimos' }),
  ]);
  const usado = creditos.reduce((sum, c) => sum + Number(c.saldo_capital_centimos ?? 0), 0);
  return {
    ...cliente,
    linea_credito: {
      limite_centimos: CREDIT_LINE_LIMIT_CENTIMOS,
      usado_centimos: usado,
      disponible_centimos: Math.max(0, CREDIT_LINE_LIMIT_CENTIMOS - usado),
    },
    contadores: {
      solicitudes,
      creditos: creditos.length,
      creditos_activos: creditos.filter((c) => ACTIVE.has(String(c.estado))).length,
      pagos,
    },
  };
}
