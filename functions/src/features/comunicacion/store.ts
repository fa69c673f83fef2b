import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  CREDITO_ESTADOS,
  type Campana,
  type CampanaCrear,
  type ComunicacionResumen,
  type Page,
  type Segmento,
} from '@cuota/shared';
import { comunicacionTexts } from '@cuota/shared/texts/comunicacion';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { ulid } from 'ulid';
import { actorDe, type Caller } from '#commons/auth';
import { batchGetAll, ddb, decodeCursor, encodeCursor, tableName } from '#commons/db';
import { CondicionFallida, ConflictError, NotFoundError, TransaccionCancelada } from '#commons/errors';
import { aggKeys, byDate, ENTITY, keys } from '#commons/keys';
import { actividadPut, notificacionPut } from '#commons/registro';
import { escribirTransaccion } from '#commons/transaccion';
import { claveMarcaSegmentos } from '#entities/agregados';
import { puedeEnviarse, type CambioMembresia } from './domain';

const t = comunicacionTexts;
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const textoONull = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

// ---------------------------------------------------------------- segments

/** The three stat cards: one GetItem of the segment counters (kept with every membership change). */
export async function resumenComunicacion(): Promise<ComunicacionResumen> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: aggKeys.segmentos() }));
  return {
    total_clientes: Math.max(0, num(out.Item?.todos)),
    clientes_activos: Math.max(0, num(out.Item?.activos)),
    clientes_morosos: Math.max(0, num(out.Item?.morosos)),
  };
}

export async function contarSegmento(segmento: Segmento): Promise<number> {
  const r = await resumenComunicacion();
  return segmento === 'todos' ? r.total_clientes : segmento === 'activos' ? r.clientes_activos : r.clientes_morosos;
}

/** One page of a segment's members (client ids in key order) after `desde` (the sk of the last one seen). */
export async function paginaSegmento(
  segmento: Segmento,
  opts: { desde?: string | null; limite: number },
): Promise<{ clienteIds: string[]; ultimo: string | null; fin: boolean }> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.segmento(segmento) },
      ProjectionExpression: 'sk, cliente_id',
      Limit: opts.limite,
      ExclusiveStartKey: opts.desde ? { pk: keys.segmento(segmento), sk: opts.desde } : undefined,
    }),
  );
  const items = out.Items ?? [];
  return {
    clienteIds: items.map((i) => String(i.cliente_id)),
    ultimo: items.length ? String(items[items.length - 1]!.sk) : (opts.desde ?? null),
    fin: !out.LastEvaluatedKey,
  };
}

export interface ClienteContacto {
  id: string;
  nombre: string | null;
  apellido: string | null;
  email: string | null;
  user_id: string | null;
}

/** The clients' current contact data (BatchGet of their records, in order; a missing one is null). */
export async function contactos(clienteIds: string[]): Promise<Array<ClienteContacto | null>> {
  const items = await batchGetAll(clienteIds.map((id) => keys.cliente(id)));
  return items.map((item, i) =>
    item
      ? {
          id: clienteIds[i]!,
          nombre: textoONull(item.nombre),
          apellido: textoONull(item.apellido),
          email: textoONull(item.email),
          user_id: textoONull(item.user_id),
        }
      : null,
  );
}

/**
 * Membership writes with the segment counters moved in the same transaction: a put only if the
 * member is absent, a delete only if present, so a repeated change moves nothing. Several changes
 * share one transaction (one counter update); a transaction that meets an already-applied change
 * falls back to applying them one by one.
 */
export async function aplicarCambiosMembresia(cambios: CambioMembresia[], now = new Date()): Promise<number> {
  let aplicados = 0;
  const accion = (c: CambioMembresia) =>
    c.miembro
      ? {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.segmentoMiembro(c.segmento, c.clienteId),
              tipo: ENTITY.segmentoMiembro,
              segmento: c.segmento,
              cliente_id: c.clienteId,
              desde: now.toISOString(),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        }
      : {
          Delete: {
            TableName: tableName(),
            Key: keys.segmentoMiembro(c.segmento, c.clienteId),
            ConditionExpression: 'attribute_exists(pk)',
          },
        };
  const contador = (grupo: CambioMembresia[]) => {
    const deltas: Record<string, number> = {};
    for (const c of grupo) deltas[c.segmento] = (deltas[c.segmento] ?? 0) + (c.miembro ? 1 : -1);
    const campos = Object.entries(deltas).filter(([, d]) => d !== 0);
    if (campos.length === 0) return [];
    return [
      {
        Update: {
          TableName: tableName(),
          Key: aggKeys.segmentos(),
          UpdateExpression: `ADD ${campos.map((_, i) => `#s${i} :d${i}`).join(', ')} SET tipo = :t`,
          ExpressionAttributeNames: Object.fromEntries(campos.map(([s], i) => [`#s${i}`, s])),
          ExpressionAttributeValues: { ':t': 'agregado', ...Object.fromEntries(campos.map(([, d], i) => [`:d${i}`, d])) },
        },
      },
    ];
  };
  const uno = async (c: CambioMembresia) => {
    try {
      await escribirTransaccion([accion(c), ...contador([c])]);
      aplicados++;
    } catch (error) {
      if (error instanceof CondicionFallida && error.indice === 0) return; // already applied
      throw error;
    }
  };
  // a client appears once per segment in a group (a transaction may not touch one item twice)
  for (let i = 0; i < cambios.length;) {
    const grupo: CambioMembresia[] = [];
    const vistos = new Set<string>();
    while (i < cambios.length && grupo.length < 90) {
      const k = `${cambios[i]!.segmento}#${cambios[i]!.clienteId}`;
      if (vistos.has(k)) break;
      vistos.add(k);
      grupo.push(cambios[i]!);
      i++;
    }
    try {
      await escribirTransaccion([...grupo.map(accion), ...contador(grupo)]);
      aplicados += grupo.length;
    } catch (error) {
      // some change was already applied, or the group kept meeting others: one by one
      if (!(error instanceof TransaccionCancelada)) throw error;
      for (const c of grupo) await uno(c);
    }
  }
  return aplicados;
}

/** Marks that every client and credit has fed the per-client segment aggregates (see reindexarSegmentos). */
const MARCA_SEGMENTOS = claveMarcaSegmentos();

/**
 * One-off migration for data written before segments existed: touches every client and credit
 * (paged by key through their list indexes, never scanned) so that their stream records make the
 * aggregates consumer add the per-client segment counts; membership follows. Idempotent, guarded
 * by a marker item; answers null when it already ran. The local stack runs it at start.
 */
export async function reindexarSegmentos(now = new Date()): Promise<{ clientes: number; creditos: number } | null> {
  const marca = await ddb.send(new GetCommand({ TableName: tableName(), Key: MARCA_SEGMENTOS, ConsistentRead: true }));
  if (marca.Item) return null;
  const tocar = async (indice: 'gsi1' | 'gsi2', particion: string): Promise<number> => {
    let total = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const out = await ddb.send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: indice,
          KeyConditionExpression: `${indice}pk = :p`,
          ExpressionAttributeValues: { ':p': particion },
          ProjectionExpression: 'pk, sk',
          Limit: 100,
          ExclusiveStartKey: start,
        }),
      );
      const items = out.Items ?? [];
      for (let i = 0; i < items.length; i += 25) {
        await Promise.all(
          items.slice(i, i + 25).map((it) =>
            ddb
              .send(
                new UpdateCommand({
                  TableName: tableName(),
                  Key: { pk: it.pk, sk: it.sk },
                  UpdateExpression: 'SET segmentos_indexado_en = :ahora',
                  ConditionExpression: 'attribute_exists(pk)',
                  ExpressionAttributeValues: { ':ahora': now.toISOString() },
                }),
              )
              .catch((error: unknown) => {
                if (!(error instanceof ConditionalCheckFailedException)) throw error;
              }),
          ),
        );
      }
      total += items.length;
      start = out.LastEvaluatedKey;
    } while (start);
    return total;
  };
  const clientes = await tocar('gsi1', keys.clientesList());
  let creditos = 0;
  for (const estado of CREDITO_ESTADOS) creditos += await tocar('gsi2', keys.creditosList(estado));
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...MARCA_SEGMENTOS, tipo: 'sistema', clientes, creditos, ejecutado_en: now.toISOString() },
    }),
  );
  return { clientes, creditos };
}

// ---------------------------------------------------------------- campaigns

export function toCampana(item: Record<string, unknown>): Campana {
  return {
    id: String(item.id),
    nombre: String(item.nombre ?? ''),
    asunto: String(item.asunto ?? ''),
    mensaje_html: String(item.mensaje_html ?? ''),
    mensaje_texto: String(item.mensaje_texto ?? ''),
    segmento: (item.segmento as Segmento) ?? 'todos',
    enviado_por: String(item.enviado_por ?? ''),
    estado: (item.estado as Campana['estado']) ?? 'borrador',
    total_destinatarios: num(item.total_destinatarios),
    enviados: num(item.enviados),
    fallidos: num(item.fallidos),
    omitidos: num(item.omitidos),
    created_at: String(item.created_at),
    iniciado_en: textoONull(item.iniciado_en),
    completado_en: textoONull(item.completado_en),
  };
}

/** Spec §7: a borrador with enviado_por = the caller and total_destinatarios = the segment's count. */
export async function crearCampana(input: CampanaCrear, caller: Caller, now = new Date()): Promise<Campana> {
  const id = ulid(now.getTime());
  const created_at = now.toISOString();
  const campana: Campana = {
    id,
    ...input,
    enviado_por: caller.userId,
    estado: 'borrador',
    total_destinatarios: await contarSegmento(input.segmento),
    enviados: 0,
    fallidos: 0,
    omitidos: 0,
    created_at,
    iniciado_en: null,
    completado_en: null,
  };
  await escribirTransaccion([
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.campana(id),
          tipo: ENTITY.campana,
          gsi1pk: keys.campanasList(),
          gsi1sk: byDate(created_at, id),
          // iniciado_en / completado_en are absent until set (the send sets them with if_not_exists)
          ...Object.fromEntries(Object.entries(campana).filter(([, v]) => v !== null)),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    actividadPut({ tipo_actividad: 'create', descripcion: t.actividadCampanaCreada(input.nombre), ...actorDe(caller), now }),
  ]);
  return campana;
}

/** Spec §9: campaigns newest first (gsi1 CAMPANAS), 10 by default. */
export async function listarCampanas(opts: { limit: number; cursor?: string }): Promise<Page<Campana>> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.campanasList() },
      ScanIndexForward: false,
      Limit: opts.limit,
      ExclusiveStartKey: decodeCursor(opts.cursor),
    }),
  );
  return { items: (out.Items ?? []).map(toCampana), nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

export async function leerCampana(id: string): Promise<Record<string, unknown> | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.campana(id), ConsistentRead: true }));
  return out.Item ?? null;
}

/**
 * 'Enviar': borrador → enviando, or the resume of an enviando/error campaign. It sets a new
 * `despacho` token: the stream delivers that change to the sender (comunicacion/despachar-campanas),
 * which takes the campaign's lease. A borrador's total_destinatarios is refreshed to the segment's
 * count at this moment. Conditional on the estado that was read.
 */
export async function enviarCampana(id: string, caller: Caller, now = new Date()): Promise<Campana> {
  const item = await leerCampana(id);
  if (!item) throw new NotFoundError(t.campanaNoEncontrada);
  const actual = toCampana(item);
  if (!puedeEnviarse(actual.estado))
    throw new ConflictError(t.campanaNoEnviable(comunicacionTexts.campanas.estados[actual.estado]), 'CAMPANA_NO_ENVIABLE');
  const ahora = now.toISOString();
  const total = actual.estado === 'borrador' ? await contarSegmento(actual.segmento) : actual.total_destinatarios;
  try {
    await escribirTransaccion([
      {
        Update: {
          TableName: tableName(),
          Key: keys.campana(id),
          UpdateExpression:
            'SET estado = :enviando, despacho = :despacho, total_destinatarios = :total, iniciado_en = if_not_exists(iniciado_en, :ahora), ' +
            'gsi3pk = :gsi3pk, gsi3sk = if_not_exists(lease_hasta, :ahora) REMOVE error_envio',
          ConditionExpression: 'estado = :estado',
          ExpressionAttributeValues: {
            ':enviando': 'enviando',
            ':despacho': ulid(now.getTime()),
            ':total': total,
            ':ahora': ahora,
            ':gsi3pk': keys.campanasEnviando(),
            ':estado': actual.estado,
          },
        },
      },
      actividadPut({
        tipo_actividad: 'update',
        descripcion: t.actividadCampanaEnviada(actual.nombre),
        ...actorDe(caller),
        now,
      }),
    ]);
  } catch (error) {
    if (error instanceof CondicionFallida && error.indice === 0) throw new ConflictError(errorsTexts.conflict, 'CAMPANA_CAMBIO');
    throw error;
  }
  return toCampana((await leerCampana(id)) ?? item);
}

/**
 * Campaigns in enviando whose lease expired before `antes` (the sender died, or yielded): the
 * sparse gsi3 partition CAMPANAS#ENVIANDO sorted by lease expiry; read by key, never scanned.
 */
export async function campanasEstancadas(antes: Date, limite = 25): Promise<string[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk < :antes',
      ExpressionAttributeValues: { ':pk': keys.campanasEnviando(), ':antes': antes.toISOString() },
      Limit: limite,
    }),
  );
  return (out.Items ?? []).map((i) => String(i.id));
}

/** Sets a new despacho on a stale enviando campaign (the stream then re-runs the sender); false if it moved. */
export async function redespachar(id: string, antes: Date, now = new Date()): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.campana(id),
        UpdateExpression: 'SET despacho = :d',
        ConditionExpression: 'estado = :enviando AND (attribute_not_exists(lease_hasta) OR lease_hasta < :antes)',
        ExpressionAttributeValues: { ':d': ulid(now.getTime()), ':enviando': 'enviando', ':antes': antes.toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export const finalizadaPut = (campana: Campana, estado: 'completado' | 'error', now: Date): ReturnType<typeof notificacionPut> =>
  notificacionPut({
    user_id: campana.enviado_por,
    tipo: estado === 'completado' ? 'success' : 'error',
    titulo: estado === 'completado' ? t.finalizadaTitulo : t.fallidaTitulo,
    mensaje:
      estado === 'completado'
        ? t.finalizada(campana.nombre, campana.enviados, campana.total_destinatarios, campana.fallidos, campana.omitidos)
        : t.fallida(campana.nombre, campana.enviados, campana.total_destinatarios),
    accion_url: '/comunicacion',
    now,
  });
