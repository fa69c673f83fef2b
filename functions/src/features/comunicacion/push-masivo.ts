import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type NotificacionMasiva } from '@cuota/shared';
import { comunicacionTexts } from '@cuota/shared/texts/comunicacion';
import { pagosTexts } from '@cuota/shared/texts/pagos';
import { ulid } from 'ulid';
import { actorDe, type Caller } from '#commons/auth';
import { ddb, tableName } from '#commons/db';
import { CondicionFallida, ConflictError } from '#commons/errors';
import { expiraEn, huella } from '#commons/idempotencia';
import { ENTITY, keys } from '#commons/keys';
import { logger } from '#commons/logger';
import { actividadPut, notificacionPut } from '#commons/registro';
import { escribirTransaccion } from '#commons/transaccion';
import { idNotificacionMasiva } from './domain';
import { contactos, paginaSegmento } from './store';

/**
 * Mass push (spec §7): one notification per client of the segment with a portal user, each the item
 * notificacionPut builds, so the stream pushes it live and the unread counters follow.
 *
 * Every send is a record under its Idempotency-Key (`keys.idempotencia`; a request without a key
 * gets one of its own), and the send happens once however it is asked for, interrupted or resumed:
 * - the record claims the send (conditional put) and keeps what it needs to go on without the
 *   request: the message, its author, the envío's id and time, a cursor over the segment and the
 *   count so far, and a lease held by one `titular` at a time;
 * - every notification's id derives from the envío and the user (idNotificacionMasiva) and is put
 *   only if absent, and the cursor moves after each page: whoever goes on writes only what is missing;
 * - a request works at most PRESUPUESTO_API_MS (the API Lambda stops at 10 s), then hands the send
 *   back (lease released) and answers 202 with the count so far; calling again with the same key
 *   goes on, and the `continuar-envios-masivos` job finishes any send whose lease expired (its
 *   request timed out, crashed or was never repeated);
 * - finishing the record and the activity entry are one transaction; later calls get its answer.
 * The same key with another title, message, type or segment is a 409 IDEMPOTENCY_KEY_REUSED.
 */

const RUTA = 'enviar-notificaciones-masivas';

/** How long a titular holds the send between checkpoints; longer than a page takes. */
export const LEASE_MS = 30_000;
/** The work one API request does before it hands the send back. */
export const PRESUPUESTO_API_MS = 6_000;
/** The work one run of the job does (its Lambda stops at 5 min). */
export const PRESUPUESTO_JOB_MS = 240_000;
/** How long a duplicate request (same key, send held elsewhere) waits for the answer before a 202. */
const ESPERA_MS = 5_000;
const SONDEO_MS = 200;
const PAGINA = 100;
/** Conditional puts in flight at once. */
const EN_PARALELO = 25;

type Clave = { pk: string; sk: string };
type Item = Record<string, unknown>;

/** A send as its record keeps it. */
interface Envio {
  registro: Clave;
  id: string;
  creado: Date;
  input: NotificacionMasiva;
  actor: { user_id: string; user_nombre: string };
  cursor: string | null;
  enviadas: number;
}

/** A send this request (or job run) now holds, as `titular`. */
interface Tomado {
  envio: Envio;
  titular: string;
}

export interface ResultadoEnvio {
  enviadas: number;
  /** Not finished yet: the count so far. */
  en_curso: boolean;
  /** The answer of a send another request made or is making. */
  repetida: boolean;
}

const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));
const leaseDesde = (ms: number) => new Date(ms + LEASE_MS).toISOString();
/** A released lease: already expired, so the next call or the job takes the send at once. */
const SOLTADO = new Date(0).toISOString();

/** A lost condition: of a single write, or of a transaction (commons/transaccion). */
const esCondicional = (error: unknown): boolean =>
  error instanceof ConditionalCheckFailedException || error instanceof CondicionFallida;

export async function enviarNotificacionesMasivas(
  input: NotificacionMasiva,
  caller: Caller,
  opts: { clave: string | null; now?: Date; presupuestoMs?: number; pagina?: number },
): Promise<ResultadoEnvio> {
  const now = opts.now ?? new Date();
  const limite = Date.now() + (opts.presupuestoMs ?? PRESUPUESTO_API_MS);
  const registro = keys.idempotencia(caller.userId, opts.clave ?? `auto-${ulid(now.getTime())}`);
  const tomado = await reclamar(registro, huella({ ruta: RUTA, ...input }), { input, actor: actorDe(caller), now });
  if ('repetida' in tomado) return tomado;
  return continuar(tomado, { limite, pagina: opts.pagina });
}

async function leer(registro: Clave): Promise<Item | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: registro, ConsistentRead: true }));
  return out.Item ?? null;
}

function envioDe(item: Item): Envio {
  const input = item.input as NotificacionMasiva;
  return {
    registro: { pk: String(item.pk), sk: String(item.sk) },
    id: String(item.envio_id),
    creado: new Date(String(item.envio_creado)),
    input,
    actor: item.actor as Envio['actor'],
    cursor: typeof item.cursor === 'string' ? item.cursor : null,
    enviadas: Number(item.enviadas ?? 0),
  };
}

const estadoDe = (item: Item): ResultadoEnvio =>
  item.estado === 'completo'
    ? { enviadas: Number((item.respuesta as { enviadas: number }).enviadas), en_curso: false, repetida: true }
    : { enviadas: Number(item.enviadas ?? 0), en_curso: true, repetida: true };

/**
 * Claims the key's send, or takes over one whose lease expired, or answers with the state of one
 * finished or held elsewhere (waiting up to ESPERA_MS for it to finish).
 */
async function reclamar(
  registro: Clave,
  firma: string,
  datos: { input: NotificacionMasiva; actor: Envio['actor']; now: Date },
): Promise<Tomado | ResultadoEnvio> {
  const espera = Date.now() + ESPERA_MS;
  for (;;) {
    const titular = ulid();
    const envio: Envio = { registro, id: ulid(datos.now.getTime()), creado: datos.now, ...datos, cursor: null, enviadas: 0 };
    const lease = leaseDesde(Date.now());
    try {
      await ddb.send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...registro,
            tipo: ENTITY.idempotencia,
            ruta: RUTA,
            huella: firma,
            estado: 'en_curso',
            envio_id: envio.id,
            envio_creado: envio.creado.toISOString(),
            input: envio.input,
            actor: envio.actor,
            cursor: null,
            enviadas: 0,
            titular,
            lease_hasta: lease,
            gsi3pk: keys.enviosMasivosEnCurso(),
            gsi3sk: lease,
            created_at: datos.now.toISOString(),
            expira_en: expiraEn(datos.now),
          },
          ConditionExpression: 'attribute_not_exists(pk) OR expira_en <= :ahora',
          ExpressionAttributeValues: { ':ahora': Math.floor(datos.now.getTime() / 1000) },
        }),
      );
      return { envio, titular };
    } catch (error) {
      if (!esCondicional(error)) throw error;
    }
    const previo = await leer(registro);
    if (!previo) continue;
    if (previo.huella !== firma) throw new ConflictError(pagosTexts.idempotenciaConflicto, 'IDEMPOTENCY_KEY_REUSED');
    if (previo.estado === 'completo') return estadoDe(previo);
    const tomado = await retomar(previo);
    if (tomado) return tomado;
    if (Date.now() >= espera) return estadoDe((await leer(registro)) ?? previo);
    await pausa(SONDEO_MS);
  }
}

/** Takes over a send whose lease expired (its titular died or handed it back); null if it is held or was taken first. */
export async function retomar(previo: Item): Promise<Tomado | null> {
  if (previo.estado !== 'en_curso' || String(previo.lease_hasta) > new Date().toISOString()) return null;
  const titular = ulid();
  const lease = leaseDesde(Date.now());
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: previo.pk, sk: previo.sk },
        UpdateExpression: 'SET titular = :t, lease_hasta = :l, gsi3sk = :l',
        ConditionExpression: 'estado = :en_curso AND lease_hasta = :visto',
        ExpressionAttributeValues: { ':t': titular, ':l': lease, ':en_curso': 'en_curso', ':visto': previo.lease_hasta },
      }),
    );
  } catch (error) {
    if (esCondicional(error)) return null;
    throw error;
  }
  logger.info('notificaciones masivas: envío retomado', { envioId: previo.envio_id, enviadas: previo.enviadas });
  // re-read: the item handed in may be a stale index copy
  const actual = await leer({ pk: String(previo.pk), sk: String(previo.sk) });
  return actual && actual.titular === titular ? { envio: envioDe(actual), titular } : null;
}

/**
 * Writes the send page by page from its cursor until it ends (then finishes it) or `limite` passes
 * (then hands it back). Each page moves the cursor and the count under the titular's lease; a
 * titular that lost the lease stops and answers with the record's state.
 */
export async function continuar(tomado: Tomado, opts: { limite: number; pagina?: number }): Promise<ResultadoEnvio> {
  const { envio, titular } = tomado;
  let { cursor, enviadas } = envio;
  for (;;) {
    const pagina = await paginaSegmento(envio.input.segmento, { desde: cursor, limite: opts.pagina ?? PAGINA });
    const usuarios = [...new Set((await contactos(pagina.clienteIds)).flatMap((c) => (c?.user_id ? [c.user_id] : [])))];
    for (let i = 0; i < usuarios.length; i += EN_PARALELO) {
      await Promise.all(usuarios.slice(i, i + EN_PARALELO).map((userId) => ponerSiFalta(envio, userId)));
    }
    enviadas += usuarios.length;
    cursor = pagina.ultimo;
    if (pagina.fin) return completar(envio, titular, enviadas);
    const seguir = Date.now() < opts.limite;
    const lease = seguir ? leaseDesde(Date.now()) : SOLTADO;
    try {
      await ddb.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: envio.registro,
          UpdateExpression: 'SET #cursor = :c, enviadas = :n, lease_hasta = :l, gsi3sk = :l',
          ConditionExpression: 'titular = :yo AND estado = :en_curso',
          ExpressionAttributeNames: { '#cursor': 'cursor' },
          ExpressionAttributeValues: { ':c': cursor, ':n': enviadas, ':l': lease, ':yo': titular, ':en_curso': 'en_curso' },
        }),
      );
    } catch (error) {
      if (!esCondicional(error)) throw error;
      return estadoDe((await leer(envio.registro))!);
    }
    if (!seguir) return { enviadas, en_curso: true, repetida: false };
  }
}

async function completar(envio: Envio, titular: string, enviadas: number): Promise<ResultadoEnvio> {
  const ahora = new Date();
  try {
    await escribirTransaccion([
      {
        Update: {
          TableName: tableName(),
          Key: envio.registro,
          UpdateExpression: 'SET estado = :completo, respuesta = :r, enviadas = :n REMOVE titular, lease_hasta, gsi3pk, gsi3sk',
          ConditionExpression: 'titular = :yo AND estado = :en_curso',
          ExpressionAttributeValues: {
            ':completo': 'completo',
            ':en_curso': 'en_curso',
            ':r': { enviadas },
            ':n': enviadas,
            ':yo': titular,
          },
        },
      },
      actividadPut({
        tipo_actividad: 'create',
        descripcion: comunicacionTexts.actividadMasiva(enviadas, envio.input.segmento),
        ...envio.actor,
        now: ahora,
      }),
    ]);
  } catch (error) {
    // another titular took the send over: its answer counts the same notifications
    if (!esCondicional(error)) throw error;
    return estadoDe((await leer(envio.registro))!);
  }
  logger.info('notificaciones masivas', { segmento: envio.input.segmento, enviadas, envioId: envio.id });
  return { enviadas, en_curso: false, repetida: false };
}

async function ponerSiFalta(envio: Envio, userId: string): Promise<void> {
  const { Put } = notificacionPut({
    id: idNotificacionMasiva(envio.id, userId),
    user_id: userId,
    tipo: envio.input.tipo,
    titulo: envio.input.titulo,
    mensaje: envio.input.mensaje,
    accion_url: null,
    now: envio.creado,
  });
  try {
    await ddb.send(new PutCommand({ ...Put, ConditionExpression: 'attribute_not_exists(pk)' }));
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * Sends whose lease expired before `antes` (a request timed out, crashed or handed the send back and
 * was not repeated): the sparse gsi3 partition ENVIOS_MASIVOS#EN_CURSO by lease expiry, read by key.
 */
export async function enviosEstancados(antes: Date, limite = 10): Promise<Item[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk < :antes',
      ExpressionAttributeValues: { ':pk': keys.enviosMasivosEnCurso(), ':antes': antes.toISOString() },
      Limit: limite,
    }),
  );
  return out.Items ?? [];
}
