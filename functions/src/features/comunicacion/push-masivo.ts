import { type NotificacionMasiva } from '@cuota/shared';
import { comunicacionTexts } from '@cuota/shared/texts/comunicacion';
import { pagosTexts } from '@cuota/shared/texts/pagos';
import { ulid } from 'ulid';
import { actorDe, type Caller } from '#commons/auth';
import { CondicionFallida, ConflictError } from '#commons/errors';
import { expiraEn, huella } from '#commons/idempotencia';
import { logger } from '#commons/logger';
import { actividadPut } from '#commons/registro';
import { escribirTransaccion, escribirUna, type Operacion } from '#commons/transaccion';
import { claveEnvioMasivo, type EnvioMasivoItem } from '#entities/envio-masivo';
import { idNotificacionMasiva } from './domain';
import {
  avanzarEnvioMasivoOp,
  completarEnvioMasivoOp,
  notificacionSiFaltaOp,
  reclamarEnvioMasivoOp,
  retomarEnvioMasivoOp,
} from './escrituras';
import { contactos, leerEnvioMasivo, paginaSegmento } from './store';

export { enviosEstancados } from './store';

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

/** Writes one operation (alone or with others in a transaction); false when its condition failed. */
async function siCumple(escribir: Promise<void>): Promise<boolean> {
  try {
    await escribir;
    return true;
  } catch (error) {
    if (error instanceof CondicionFallida) return false;
    throw error;
  }
}
const unaSiCumple = (op: Operacion) => siCumple(escribirUna(op));

export async function enviarNotificacionesMasivas(
  input: NotificacionMasiva,
  caller: Caller,
  opts: { clave: string | null; now?: Date; presupuestoMs?: number; pagina?: number },
): Promise<ResultadoEnvio> {
  const now = opts.now ?? new Date();
  const limite = Date.now() + (opts.presupuestoMs ?? PRESUPUESTO_API_MS);
  const registro = claveEnvioMasivo(caller.userId, opts.clave ?? `auto-${ulid(now.getTime())}`);
  const tomado = await reclamar(registro, huella({ ruta: RUTA, ...input }), { input, actor: actorDe(caller), now });
  if ('repetida' in tomado) return tomado;
  return continuar(tomado, { limite, pagina: opts.pagina });
}

function envioDe(item: EnvioMasivoItem): Envio {
  return {
    registro: { pk: String(item.pk), sk: String(item.sk) },
    id: String(item.envio_id),
    creado: new Date(String(item.envio_creado)),
    input: item.input,
    actor: item.actor,
    cursor: typeof item.cursor === 'string' ? item.cursor : null,
    enviadas: Number(item.enviadas ?? 0),
  };
}

const estadoDe = (item: EnvioMasivoItem): ResultadoEnvio =>
  item.estado === 'completo'
    ? { enviadas: Number(item.respuesta!.enviadas), en_curso: false, repetida: true }
    : { enviadas: Number(item.enviadas ?? 0), en_curso: true, repetida: true };

/** Puts the key's record in en_curso under a new titular; null when the key already has a live one. */
async function crearRegistro(
  registro: Clave,
  firma: string,
  datos: { input: NotificacionMasiva; actor: Envio['actor']; now: Date },
): Promise<Tomado | null> {
  const titular = ulid();
  const envio: Envio = { registro, id: ulid(datos.now.getTime()), creado: datos.now, ...datos, cursor: null, enviadas: 0 };
  const lease_hasta = leaseDesde(Date.now());
  const campos = { ruta: RUTA, huella: firma, envio_id: envio.id, envio_creado: envio.creado.toISOString(), input: envio.input };
  const item = {
    ...campos,
    actor: envio.actor,
    titular,
    lease_hasta,
    created_at: datos.now.toISOString(),
    expira_en: expiraEn(datos.now),
  };
  return (await unaSiCumple(reclamarEnvioMasivoOp(registro, item, datos.now))) ? { envio, titular } : null;
}

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
    const nuevo = await crearRegistro(registro, firma, datos);
    if (nuevo) return nuevo;
    const previo = await leerEnvioMasivo(registro);
    if (!previo) continue;
    if (previo.huella !== firma) throw new ConflictError(pagosTexts.idempotenciaConflicto, 'IDEMPOTENCY_KEY_REUSED');
    if (previo.estado === 'completo') return estadoDe(previo);
    const tomado = await retomar(previo);
    if (tomado) return tomado;
    if (Date.now() >= espera) return estadoDe((await leerEnvioMasivo(registro)) ?? previo);
    await pausa(SONDEO_MS);
  }
}

/** Takes over a send whose lease expired (its titular died or handed it back); null if it is held or was taken first. */
export async function retomar(previo: EnvioMasivoItem): Promise<Tomado | null> {
  if (previo.estado !== 'en_curso' || String(previo.lease_hasta) > new Date().toISOString()) return null;
  const titular = ulid();
  if (!(await unaSiCumple(retomarEnvioMasivoOp(previo, titular, leaseDesde(Date.now()))))) return null;
  logger.info('notificaciones masivas: envío retomado', { envioId: previo.envio_id, enviadas: previo.enviadas });
  // re-read: the item handed in may be a stale index copy
  const actual = await leerEnvioMasivo({ pk: String(previo.pk), sk: String(previo.sk) });
  return actual && actual.titular === titular ? { envio: envioDe(actual), titular } : null;
}

/** One page's notifications to the clients' portal users (each put only if absent); answers how many. */
async function escribirPagina(envio: Envio, clienteIds: string[]): Promise<number> {
  const usuarios = [...new Set((await contactos(clienteIds)).flatMap((c) => (c?.user_id ? [c.user_id] : [])))];
  for (let i = 0; i < usuarios.length; i += EN_PARALELO) {
    await Promise.all(usuarios.slice(i, i + EN_PARALELO).map((userId) => ponerSiFalta(envio, userId)));
  }
  return usuarios.length;
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
    enviadas += await escribirPagina(envio, pagina.clienteIds);
    cursor = pagina.ultimo;
    if (pagina.fin) return completar(envio, titular, enviadas);
    const seguir = Date.now() < opts.limite;
    const lease = seguir ? leaseDesde(Date.now()) : SOLTADO;
    if (!(await unaSiCumple(avanzarEnvioMasivoOp(envio.registro, titular, { cursor, enviadas, lease })))) {
      return estadoDe((await leerEnvioMasivo(envio.registro))!);
    }
    if (!seguir) return { enviadas, en_curso: true, repetida: false };
  }
}

async function completar(envio: Envio, titular: string, enviadas: number): Promise<ResultadoEnvio> {
  const descripcion = comunicacionTexts.actividadMasiva(enviadas, envio.input.segmento);
  const actividad = actividadPut({ tipo_actividad: 'create', descripcion, ...envio.actor, now: new Date() });
  const hecho = await siCumple(escribirTransaccion([completarEnvioMasivoOp(envio.registro, titular, enviadas), actividad]));
  // another titular took the send over: its answer counts the same notifications
  if (!hecho) return estadoDe((await leerEnvioMasivo(envio.registro))!);
  logger.info('notificaciones masivas', { segmento: envio.input.segmento, enviadas, envioId: envio.id });
  return { enviadas, en_curso: false, repetida: false };
}

async function ponerSiFalta(envio: Envio, userId: string): Promise<void> {
  const { tipo, titulo, mensaje } = envio.input;
  const id = idNotificacionMasiva(envio.id, userId);
  await unaSiCumple(notificacionSiFaltaOp({ id, user_id: userId, tipo, titulo, mensaje, accion_url: null, now: envio.creado }));
}
