import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TEXTS, type NotificacionMasiva } from '@cuota/shared';
import { ulid } from 'ulid';
import { actorDe, type Caller } from '#commons/auth';
import { ddb, tableName } from '#commons/db';
import { ConflictError } from '#commons/errors';
import { expiraEn, huella } from '#commons/idempotencia';
import { ENTITY, keys } from '#commons/keys';
import { logger } from '#commons/logger';
import { actividadPut, notificacionPut, registrarActividad } from '#commons/registro';
import { idNotificacionMasiva } from './domain';
import { contactos, paginaSegmento } from './store';

const t = TEXTS.comunicacion;
const RUTA = 'enviar-notificaciones-masivas';

/** How long one request holds a send: longer than the API Lambda's 10 s timeout, so a holder past it is gone. */
export const LEASE_MS = 30_000;
/** How long a concurrent duplicate (same key) waits for the first request's answer before a 409. */
const ESPERA_MS = 5_000;
const SONDEO_MS = 200;
/** Conditional puts in flight at once. */
const EN_PARALELO = 25;

/** The envío a request is to write: its id (notification ids derive from it) and its time. */
interface Envio {
  id: string;
  creado: Date;
}

type Reclamo = { hecho: true; enviadas: number } | { hecho: false; envio: Envio };

const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));

function esCondicional(error: unknown): boolean {
  if (error instanceof ConditionalCheckFailedException) return true;
  return (
    error instanceof TransactionCanceledException &&
    (error.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed')
  );
}

/**
 * Spec §7: one notification per client of the segment with a user_id (the portal user). Each is the
 * item notificacionPut builds, so the stream pushes it live and the unread counters follow.
 *
 * With an Idempotency-Key the send happens once however often it is asked for:
 * - the key's record claims the send (conditional put) and keeps the envío's id, time and a lease;
 * - every notification's id derives from the envío and the user (idNotificacionMasiva) and is put
 *   only if absent, so a retry after a timeout or a crash writes only what is missing;
 * - a request that finds the lease expired takes the send over (the holder is gone) and finishes it;
 * - a concurrent duplicate waits for the answer (up to ESPERA_MS, then 409 IDEMPOTENCY_BUSY);
 * - completing the record and the activity entry are one transaction; later calls get its answer.
 * The same key with a different title, message, type or segment is a 409 IDEMPOTENCY_KEY_REUSED.
 */
export async function enviarNotificacionesMasivas(
  input: NotificacionMasiva,
  caller: Caller,
  opts: { clave: string | null; now?: Date },
): Promise<{ enviadas: number; repetida: boolean }> {
  const now = opts.now ?? new Date();
  if (!opts.clave) {
    const enviadas = await escribir(input, { id: ulid(now.getTime()), creado: now });
    await registrarActividad(actividad(input, caller, enviadas, now));
    return { enviadas, repetida: false };
  }
  const registro = keys.idempotencia(caller.userId, opts.clave);
  const firma = huella({ ruta: RUTA, ...input });
  const reclamo = await reclamar(registro, firma, now);
  if (reclamo.hecho) return { enviadas: reclamo.enviadas, repetida: true };
  const enviadas = await escribir(input, reclamo.envio);
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: registro,
              UpdateExpression: 'SET estado = :completo, respuesta = :r REMOVE lease_hasta',
              ConditionExpression: 'estado = :en_curso AND envio_id = :e',
              ExpressionAttributeValues: {
                ':completo': 'completo',
                ':en_curso': 'en_curso',
                ':r': { enviadas },
                ':e': reclamo.envio.id,
              },
            },
          },
          actividadPut(actividad(input, caller, enviadas, now)),
        ],
      }),
    );
  } catch (error) {
    // a request that took the send over finished it first: its answer counts the same notifications
    if (!esCondicional(error)) throw error;
    const fin = await leer(registro);
    if (fin?.estado !== 'completo') throw error;
    return { enviadas: Number((fin.respuesta as { enviadas: number }).enviadas), repetida: true };
  }
  return { enviadas, repetida: false };
}

async function leer(registro: { pk: string; sk: string }) {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: registro, ConsistentRead: true }));
  return out.Item ?? null;
}

/** Claims the key's send, takes over one whose lease expired, or answers with a finished one. */
async function reclamar(registro: { pk: string; sk: string }, firma: string, now: Date): Promise<Reclamo> {
  const limite = Date.now() + ESPERA_MS;
  for (;;) {
    const nuevo: Envio = { id: ulid(now.getTime()), creado: now };
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
            envio_id: nuevo.id,
            envio_creado: nuevo.creado.toISOString(),
            lease_hasta: Date.now() + LEASE_MS,
            created_at: now.toISOString(),
            expira_en: expiraEn(now),
          },
          ConditionExpression: 'attribute_not_exists(pk) OR expira_en <= :ahora',
          ExpressionAttributeValues: { ':ahora': Math.floor(now.getTime() / 1000) },
        }),
      );
      return { hecho: false, envio: nuevo };
    } catch (error) {
      if (!esCondicional(error)) throw error;
    }
    const previo = await leer(registro);
    if (!previo) continue;
    if (previo.huella !== firma) throw new ConflictError(TEXTS.pagos.idempotenciaConflicto, 'IDEMPOTENCY_KEY_REUSED');
    if (previo.estado === 'completo')
      return { hecho: true, enviadas: Number((previo.respuesta as { enviadas: number }).enviadas) };
    const envio: Envio = { id: String(previo.envio_id), creado: new Date(String(previo.envio_creado)) };
    if (Number(previo.lease_hasta) <= Date.now()) {
      try {
        await ddb.send(
          new UpdateCommand({
            TableName: tableName(),
            Key: registro,
            UpdateExpression: 'SET lease_hasta = :nuevo',
            ConditionExpression: 'estado = :en_curso AND lease_hasta = :visto',
            ExpressionAttributeValues: { ':nuevo': Date.now() + LEASE_MS, ':en_curso': 'en_curso', ':visto': previo.lease_hasta },
          }),
        );
        logger.info('notificaciones masivas: envío retomado', { envioId: envio.id });
        return { hecho: false, envio };
      } catch (error) {
        if (!esCondicional(error)) throw error;
        continue;
      }
    }
    if (Date.now() >= limite) throw new ConflictError(t.push.enCurso, 'IDEMPOTENCY_BUSY');
    await pausa(SONDEO_MS);
  }
}

/**
 * Walks the segment in pages of 100 and puts each member's notification if it is absent. Answers
 * how many users the envío reaches (written now or by an earlier attempt at the same envío).
 */
async function escribir(input: NotificacionMasiva, envio: Envio): Promise<number> {
  let enviadas = 0;
  let desde: string | null = null;
  const usuarios = new Set<string>();
  for (;;) {
    const pagina = await paginaSegmento(input.segmento, { desde, limite: 100 });
    const destinos = (await contactos(pagina.clienteIds)).flatMap((c) =>
      c?.user_id && !usuarios.has(c.user_id) ? [c.user_id] : [],
    );
    for (const u of destinos) usuarios.add(u);
    for (let i = 0; i < destinos.length; i += EN_PARALELO) {
      await Promise.all(destinos.slice(i, i + EN_PARALELO).map((userId) => ponerSiFalta(input, envio, userId)));
    }
    enviadas += destinos.length;
    desde = pagina.ultimo;
    if (pagina.fin) break;
  }
  logger.info('notificaciones masivas', { segmento: input.segmento, enviadas, envioId: envio.id });
  return enviadas;
}

async function ponerSiFalta(input: NotificacionMasiva, envio: Envio, userId: string): Promise<void> {
  const { Put } = notificacionPut({
    id: idNotificacionMasiva(envio.id, userId),
    user_id: userId,
    tipo: input.tipo,
    titulo: input.titulo,
    mensaje: input.mensaje,
    accion_url: null,
    now: envio.creado,
  });
  try {
    await ddb.send(new PutCommand({ ...Put, ConditionExpression: 'attribute_not_exists(pk)' }));
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

const actividad = (input: NotificacionMasiva, caller: Caller, enviadas: number, now: Date) => ({
  tipo_actividad: 'create' as const,
  descripcion: t.actividadMasiva(enviadas, input.segmento),
  ...actorDe(caller),
  now,
});
