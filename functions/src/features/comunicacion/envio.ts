/**
 * The campaign sender: sends a campaign in enviando to its segment through SES, within a send
 * rate, exactly once per recipient, and survives being killed at any point.
 *
 * Exactly once, step by step:
 * 1. Lease. One run at a time holds the campaign (lease_owner, lease_hasta, extended with every
 *    batch). The sparse gsi3 CAMPANAS#ENVIANDO is sorted by lease expiry, so the reanudar-campanas
 *    job finds the campaigns whose sender died (lease expired) by key and dispatches them again.
 * 2. Claim. Before a message is sent, its recipient item (CAMPANA#id / DEST#cliente) is created
 *    with a conditional put (attribute_not_exists): estado 'reclamado' and this run's `intento`.
 *    A recipient that already has an item is never claimed again by a put.
 * 3. Send, then record. The result (enviado + message id, fallido, omitido) is written in ONE
 *    transaction per batch together with the campaign's counters, the cursor and the lease, each
 *    recipient conditional on still being 'reclamado' by this run. Counters can't drift.
 * 4. The window in between. A run killed after SES accepted a message but before step 3 leaves a
 *    claim in 'reclamado' whose fate is unknown. The next run meets it when it pages past the
 *    cursor again and asks the delivery ledger (correo.ts: SES SEND events on AWS, the local SES
 *    store locally), once the claim is older than the ledger's settle window: found → recorded
 *    as enviado with the ledger's message id; not found → re-claimed (conditional on the dead
 *    run's `intento`) and sent. Lost SES answers (timeouts, 5xx) in a live run go the same way.
 *    The guarantee is as strong as the ledger: SES has no idempotency key on SendEmail.
 * 5. Finish. After the last page, one transaction sets completado/error (error when nothing could
 *    be sent and something failed), frees the lease and inserts the 'campaign finished'
 *    notification for enviado_por — conditional on the lease, so it is written once.
 * A run close to its Lambda deadline yields: it frees the lease and sets a new `despacho`, whose
 * stream record starts the next run where the cursor stopped.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Campana } from '@cuota/shared';
import { ulid } from 'ulid';
import { ddb, tableName } from '#commons/db';
import { CondicionFallida } from '#commons/errors';
import { ENTITY, keys } from '#commons/keys';
import { logger } from '#commons/logger';
import { conError, escribirTransaccion, type Accion } from '#commons/transaccion';
import type { Correo, LibroEntregas } from './correo';
import { emailUtilizable, esperaReintento, estadoFinal, pausaParaTasa, personalizar, tratamientoErrorSes } from './domain';
import { contactos, finalizadaPut, leerCampana, paginaSegmento, toCampana, type ClienteContacto } from './store';

/** A batch is one transaction: its recipients plus the campaign item (TransactWriteItems ≤ 100). */
export const LOTE_MAX = 90;
const REINTENTOS_THROTTLING = 6;
const RONDAS_INCIERTOS = 3;

export interface OpcionesEnvio {
  correo: Correo;
  libro: LibroEntregas;
  /** SES send rate (messages per second); each batch holds at most this many and lasts ≥ 1 s. */
  porSegundo: number;
  /** How long a lease lasts without being extended. */
  leaseMs: number;
  /** An uncertain claim is settled with the ledger only once it is this old. */
  asentamientoMs: number;
  /** Milliseconds left in this invocation (Lambda context); the run yields `margenMs` before. */
  restanteMs?: () => number;
  margenMs?: number;
  /** This run's id (tests pass one to recognise it). */
  propietario?: string;
  /** Called after each recorded batch (tests use it to observe progress). */
  alRegistrarLote?: (c: { enviados: number; fallidos: number; omitidos: number }) => void;
}

export type ResultadoEnvio =
  { resultado: 'completado' | 'error'; campana: Campana } | { resultado: 'ocupada' | 'pausada' | 'lease-perdido' };

type Final =
  { estado: 'enviado'; messageId: string; porLibro: boolean } | { estado: 'fallido'; error: string } | { estado: 'omitido' };

interface Reclamo {
  clienteId: string;
  intento: string;
  reclamadoEn: string;
  email: string | null;
}

class LeasePerdido extends Error {}

/**
 * The run's hold on the campaign. Before every round of sends it makes sure the lease has at least
 * a third of its time left (extending it otherwise), so a run that stalled past its lease stops
 * instead of sending claims another run may have taken over.
 */
class Lease {
  constructor(
    readonly campanaId: string,
    readonly yo: string,
    readonly leaseMs: number,
    public hasta: number,
  ) {}

  async asegurar(): Promise<void> {
    if (this.hasta - Date.now() < this.leaseMs / 3) await this.extender(Date.now() + this.leaseMs);
  }

  async extender(hastaMs: number): Promise<void> {
    await extenderLease(this.campanaId, this.yo, hastaMs);
    this.hasta = hastaMs;
  }
}

const esperar = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve());

// ---------------------------------------------------------------- lease

/** Takes the campaign if it is enviando and its lease is free or expired; the despacho token is consumed. */
async function tomarLease(campanaId: string, yo: string, leaseMs: number): Promise<Record<string, unknown> | null> {
  const ahora = new Date();
  const hasta = new Date(ahora.getTime() + leaseMs).toISOString();
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.campana(campanaId),
        UpdateExpression: 'SET lease_owner = :yo, lease_hasta = :hasta, gsi3sk = :hasta REMOVE despacho',
        ConditionExpression:
          'estado = :enviando AND (attribute_not_exists(lease_hasta) OR lease_hasta < :ahora OR lease_owner = :yo)',
        ExpressionAttributeValues: { ':yo': yo, ':hasta': hasta, ':ahora': ahora.toISOString(), ':enviando': 'enviando' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ?? null;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}

async function extenderLease(campanaId: string, yo: string, hastaMs: number): Promise<void> {
  const hasta = new Date(hastaMs).toISOString();
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.campana(campanaId),
        UpdateExpression: 'SET lease_hasta = :hasta, gsi3sk = :hasta REMOVE despacho',
        ConditionExpression: 'lease_owner = :yo AND estado = :enviando',
        ExpressionAttributeValues: { ':yo': yo, ':hasta': hasta, ':enviando': 'enviando' },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new LeasePerdido();
    throw error;
  }
}

/**
 * Frees the lease. `redespachar` sets a new despacho (the stream starts the next run at once);
 * otherwise the lease stays until `hastaMs` and the reanudar-campanas job dispatches it after.
 */
async function ceder(campanaId: string, yo: string, opts: { redespachar: boolean; hastaMs?: number }): Promise<void> {
  const hasta = new Date(opts.hastaMs ?? Date.now() - 1).toISOString();
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.campana(campanaId),
        UpdateExpression: `SET lease_hasta = :hasta, gsi3sk = :hasta${opts.redespachar ? ', despacho = :d' : ''} REMOVE lease_owner${opts.redespachar ? '' : ', despacho'}`,
        ConditionExpression: 'lease_owner = :yo',
        ExpressionAttributeValues: { ':yo': yo, ':hasta': hasta, ...(opts.redespachar ? { ':d': ulid() } : {}) },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

// ---------------------------------------------------------------- claims

type ResultadoReclamo = { tipo: 'nuestro'; reclamo: Reclamo } | { tipo: 'final' } | { tipo: 'ajeno'; reclamo: Reclamo };

function reclamoDe(item: Record<string, unknown>): Reclamo {
  return {
    clienteId: String(item.cliente_id),
    intento: String(item.intento),
    reclamadoEn: String(item.reclamado_en),
    email: typeof item.email === 'string' ? item.email : null,
  };
}

async function reclamar(
  campanaId: string,
  contacto: ClienteContacto | null,
  clienteId: string,
  yo: string,
): Promise<ResultadoReclamo> {
  const reclamo: Reclamo = {
    clienteId,
    intento: yo,
    reclamadoEn: new Date().toISOString(),
    email: emailUtilizable(contacto?.email),
  };
  try {
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.campanaDestinatario(campanaId, clienteId),
          tipo: ENTITY.campanaDestinatario,
          campana_id: campanaId,
          cliente_id: clienteId,
          email: reclamo.email,
          estado: 'reclamado',
          intento: yo,
          reclamado_en: reclamo.reclamadoEn,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { tipo: 'nuestro', reclamo };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  const out = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.campanaDestinatario(campanaId, clienteId), ConsistentRead: true }),
  );
  if (!out.Item) return reclamar(campanaId, contacto, clienteId, yo); // released meanwhile
  if (out.Item.estado !== 'reclamado') return { tipo: 'final' };
  return { tipo: 'ajeno', reclamo: reclamoDe(out.Item) };
}

/** Takes over a dead run's claim the ledger says was never sent (conditional on that run's intento). */
async function retomar(campanaId: string, ajeno: Reclamo, yo: string): Promise<Reclamo> {
  const reclamadoEn = new Date().toISOString();
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.campanaDestinatario(campanaId, ajeno.clienteId),
        UpdateExpression: 'SET intento = :yo, reclamado_en = :ahora',
        ConditionExpression: 'estado = :reclamado AND intento = :suyo',
        ExpressionAttributeValues: { ':yo': yo, ':ahora': reclamadoEn, ':reclamado': 'reclamado', ':suyo': ajeno.intento },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new LeasePerdido();
    throw error;
  }
  return { ...ajeno, intento: yo, reclamadoEn };
}

// ---------------------------------------------------------------- sending one message

type Intento = Final | { estado: 'incierto' } | { estado: 'liberar'; error: string } | { estado: 'fatal'; error: string };

async function enviarUno(
  o: OpcionesEnvio,
  campana: Campana,
  reclamo: Reclamo,
  contacto: ClienteContacto | null,
): Promise<Intento> {
  if (!reclamo.email) return { estado: 'omitido' };
  const contenido = personalizar(
    { asunto: campana.asunto, html: campana.mensaje_html, texto: campana.mensaje_texto },
    contacto ?? {},
  );
  for (let intento = 1; ; intento++) {
    try {
      const { messageId } = await o.correo.enviar({
        campanaId: campana.id,
        destinatarioId: reclamo.clienteId,
        para: reclamo.email,
        ...contenido,
      });
      return { estado: 'enviado', messageId, porLibro: false };
    } catch (error) {
      const e = error as { name?: string; message?: string; code?: string; $metadata?: { httpStatusCode?: number } };
      const trato = tratamientoErrorSes(e.name, e.$metadata?.httpStatusCode, e.code);
      const detalle = `${e.name ?? 'Error'}: ${e.message ?? ''}`.slice(0, 300);
      if (trato === 'reintentar') {
        if (intento >= REINTENTOS_THROTTLING) return { estado: 'liberar', error: detalle };
        await esperar(esperaReintento(intento));
        continue;
      }
      if (trato === 'fallido') return { estado: 'fallido', error: detalle };
      if (trato === 'fatal') return { estado: 'fatal', error: detalle };
      logger.warn('envío incierto: lo resuelve el libro de entregas', {
        campana: campana.id,
        destinatario: reclamo.clienteId,
        error: detalle,
      });
      return { estado: 'incierto' };
    }
  }
}

// ---------------------------------------------------------------- one batch

interface ResultadoLote {
  finales: Map<string, { reclamo: Reclamo; final: Final }>;
  /** Claims given back: SES surely did not send them (throttled, or a fatal account error). */
  liberar: Reclamo[];
  /** Claims left uncertain (SES kept failing): a later run settles them with the ledger. */
  pendientes: number;
  fatal: string | null;
  llamadasSes: number;
}

/**
 * Claims, sends and settles one page of recipients; answers what to record. Claims of dead runs
 * and uncertain sends are settled with the ledger (after the settle window), then sent if the
 * ledger has no trace of them.
 */
async function procesarLote(o: OpcionesEnvio, campana: Campana, clienteIds: string[], lease: Lease): Promise<ResultadoLote> {
  const yo = lease.yo;
  const r: ResultadoLote = { finales: new Map(), liberar: [], pendientes: 0, fatal: null, llamadasSes: 0 };
  const porId = new Map<string, ClienteContacto | null>();
  (await contactos(clienteIds)).forEach((c, i) => porId.set(clienteIds[i]!, c));

  const reclamos = await Promise.all(clienteIds.map((id) => reclamar(campana.id, porId.get(id) ?? null, id, yo)));
  let porEnviar: Reclamo[] = [];
  let inciertos: Reclamo[] = [];
  for (const rc of reclamos) {
    if (rc.tipo === 'nuestro') porEnviar.push(rc.reclamo);
    else if (rc.tipo === 'ajeno') inciertos.push(rc.reclamo);
  }

  for (let ronda = 0; ; ronda++) {
    if (porEnviar.length > 0) await lease.asegurar();
    const resultados = await Promise.all(porEnviar.map((rc) => enviarUno(o, campana, rc, porId.get(rc.clienteId) ?? null)));
    porEnviar.forEach((rc, i) => {
      const res = resultados[i]!;
      if (res.estado !== 'omitido') r.llamadasSes++;
      if (res.estado === 'incierto') inciertos.push(rc);
      else if (res.estado === 'liberar') r.liberar.push(rc);
      else if (res.estado === 'fatal') {
        r.liberar.push(rc);
        r.fatal ??= res.error;
      } else r.finales.set(rc.clienteId, { reclamo: rc, final: res });
    });
    porEnviar = [];
    if (inciertos.length === 0) break;
    if (r.fatal || ronda >= RONDAS_INCIERTOS) {
      // never given back blindly: the last send may have gone out; a later run asks the ledger
      r.pendientes += inciertos.length;
      break;
    }
    // settle with the ledger once the newest uncertain claim is old enough (lease kept meanwhile)
    const masNuevo = Math.max(...inciertos.map((c) => Date.parse(c.reclamadoEn)));
    const espera = masNuevo + o.asentamientoMs - Date.now();
    if (espera > 0) {
      await lease.extender(Date.now() + espera + o.leaseMs);
      await esperar(espera);
    }
    const masViejo = new Date(Math.min(...inciertos.map((c) => Date.parse(c.reclamadoEn))));
    const libro = await o.libro.buscar(
      campana.id,
      inciertos.map((c) => c.clienteId),
      masViejo,
    );
    for (const c of inciertos) {
      const messageId = libro.get(c.clienteId);
      if (messageId) r.finales.set(c.clienteId, { reclamo: c, final: { estado: 'enviado', messageId, porLibro: true } });
      else if (c.intento === yo) porEnviar.push(c);
      else porEnviar.push(await retomar(campana.id, c, yo));
    }
    inciertos = [];
    if (porEnviar.length === 0) break;
  }
  return r;
}

/**
 * Records a batch in one transaction: each recipient's result (conditional on its claim), the
 * released claims, the campaign's counters, cursor and lease (conditional on holding it).
 */
async function registrarLote(
  lease: Lease,
  lote: ResultadoLote,
  o: OpcionesEnvio,
  cursor: string | null,
  cierre: { estado: 'error'; campana: Campana; error: string } | null,
): Promise<{ enviados: number; fallidos: number; omitidos: number }> {
  const { campanaId, yo } = lease;
  const ahora = new Date();
  const cuenta = { enviados: 0, fallidos: 0, omitidos: 0 };
  const acciones: Accion[] = [];
  for (const { reclamo, final } of lote.finales.values()) {
    if (final.estado === 'enviado') cuenta.enviados++;
    else if (final.estado === 'fallido') cuenta.fallidos++;
    else cuenta.omitidos++;
    acciones.push({
      Update: {
        TableName: tableName(),
        Key: keys.campanaDestinatario(campanaId, reclamo.clienteId),
        UpdateExpression: 'SET estado = :estado, resuelto_en = :ahora, message_id = :mid, error_envio = :err, por_libro = :libro',
        ConditionExpression: 'estado = :reclamado AND intento = :intento',
        ExpressionAttributeValues: {
          ':estado': final.estado,
          ':ahora': ahora.toISOString(),
          ':mid': final.estado === 'enviado' ? final.messageId : null,
          ':err': final.estado === 'fallido' ? final.error : null,
          ':libro': final.estado === 'enviado' && final.porLibro,
          ':reclamado': 'reclamado',
          ':intento': reclamo.intento,
        },
      },
    });
  }
  for (const reclamo of lote.liberar) {
    acciones.push({
      Delete: {
        TableName: tableName(),
        Key: keys.campanaDestinatario(campanaId, reclamo.clienteId),
        ConditionExpression: 'estado = :reclamado AND intento = :intento',
        ExpressionAttributeValues: { ':reclamado': 'reclamado', ':intento': reclamo.intento },
      },
    });
  }
  const hasta = new Date(ahora.getTime() + o.leaseMs).toISOString();
  const sets = [
    'enviados = if_not_exists(enviados, :cero) + :e',
    'fallidos = if_not_exists(fallidos, :cero) + :f',
    'omitidos = if_not_exists(omitidos, :cero) + :o',
  ];
  const valores: Record<string, unknown> = {
    ':cero': 0,
    ':e': cuenta.enviados,
    ':f': cuenta.fallidos,
    ':o': cuenta.omitidos,
    ':yo': yo,
    ':enviando': 'enviando',
  };
  let remove = 'despacho';
  if (cursor !== null) {
    sets.push('cursor_envio = :cursor');
    valores[':cursor'] = cursor;
  }
  if (cierre) {
    sets.push('estado = :error', 'error_envio = :msg');
    valores[':error'] = 'error';
    valores[':msg'] = cierre.error;
    remove += ', lease_owner, lease_hasta, gsi3pk, gsi3sk';
  } else {
    sets.push('lease_hasta = :hasta', 'gsi3sk = :hasta');
    valores[':hasta'] = hasta;
  }
  acciones.push({
    Update: {
      TableName: tableName(),
      Key: keys.campana(campanaId),
      UpdateExpression: `SET ${sets.join(', ')} REMOVE ${remove}`,
      ConditionExpression: 'lease_owner = :yo AND estado = :enviando',
      ExpressionAttributeValues: valores,
    },
  });
  if (cierre) {
    const final = {
      ...cierre.campana,
      estado: 'error' as const,
      enviados: cierre.campana.enviados + cuenta.enviados,
      fallidos: cierre.campana.fallidos + cuenta.fallidos,
      omitidos: cierre.campana.omitidos + cuenta.omitidos,
    };
    acciones.push(finalizadaPut(final, 'error', ahora));
  }
  // a claim or the campaign moved under us: another run holds the campaign now
  await escribirTransaccion(acciones.map((a) => conError(a, () => new LeasePerdido())));
  if (!cierre) lease.hasta = Date.parse(hasta);
  return cuenta;
}

// ---------------------------------------------------------------- the run

async function finalizar(campanaId: string, yo: string): Promise<Campana & { estado: 'completado' | 'error' }> {
  const item = await leerCampana(campanaId);
  if (!item) throw new LeasePerdido();
  const campana = toCampana(item);
  const estado = estadoFinal(campana);
  const ahora = new Date();
  try {
    await escribirTransaccion([
      {
        Update: {
          TableName: tableName(),
          Key: keys.campana(campanaId),
          UpdateExpression:
            'SET estado = :estado, completado_en = :ahora REMOVE lease_owner, lease_hasta, gsi3pk, gsi3sk, despacho',
          ConditionExpression: 'lease_owner = :yo AND estado = :enviando',
          ExpressionAttributeValues: { ':estado': estado, ':ahora': ahora.toISOString(), ':yo': yo, ':enviando': 'enviando' },
        },
      },
      finalizadaPut({ ...campana, estado }, estado, ahora),
    ]);
  } catch (error) {
    if (error instanceof CondicionFallida && error.indice === 0) throw new LeasePerdido();
    throw error;
  }
  return { ...campana, estado, completado_en: ahora.toISOString() };
}

/** Sends (or resumes) one campaign; see the module comment for how nobody gets it twice. */
export async function ejecutarEnvio(campanaId: string, o: OpcionesEnvio): Promise<ResultadoEnvio> {
  const yo = o.propietario ?? ulid();
  const item = await tomarLease(campanaId, yo, o.leaseMs);
  if (!item) return { resultado: 'ocupada' };
  const campana = toCampana(item);
  const lease = new Lease(campanaId, yo, o.leaseMs, Date.parse(String(item.lease_hasta)));
  let cursor = typeof item.cursor_envio === 'string' ? item.cursor_envio : null;
  const tamano = Math.max(1, Math.min(LOTE_MAX, Math.floor(o.porSegundo)));
  logger.info('envío de campaña', { campana: campanaId, run: yo, segmento: campana.segmento, cursor });
  try {
    for (;;) {
      if (o.restanteMs && o.restanteMs() < (o.margenMs ?? 60_000)) {
        await ceder(campanaId, yo, { redespachar: true });
        return { resultado: 'pausada' };
      }
      const inicio = Date.now();
      const pagina = await paginaSegmento(campana.segmento, { desde: cursor, limite: tamano });
      if (pagina.clienteIds.length > 0) {
        const lote = await procesarLote(o, campana, pagina.clienteIds, lease);
        if (lote.fatal) {
          const actual = toCampana((await leerCampana(campanaId)) ?? item);
          await registrarLote(lease, lote, o, null, { estado: 'error', campana: actual, error: lote.fatal });
          logger.error('campaña detenida por un error de SES', { campana: campanaId, error: lote.fatal });
          return { resultado: 'error', campana: toCampana((await leerCampana(campanaId)) ?? item) };
        }
        // the cursor moves past the page only when every recipient in it is settled
        const completa = lote.liberar.length === 0 && lote.pendientes === 0;
        const cuenta = await registrarLote(lease, lote, o, completa ? pagina.ultimo : null, null);
        o.alRegistrarLote?.(cuenta);
        if (!completa) {
          // throttled or SES failing: a later run (the job, after the lease) takes it from here
          await ceder(campanaId, yo, { redespachar: false, hastaMs: Date.now() + o.leaseMs });
          return { resultado: 'pausada' };
        }
        await esperar(pausaParaTasa(lote.llamadasSes, Date.now() - inicio, o.porSegundo));
      }
      cursor = pagina.ultimo;
      if (pagina.fin) break;
    }
    const final = await finalizar(campanaId, yo);
    logger.info('campaña finalizada', {
      campana: campanaId,
      estado: final.estado,
      enviados: final.enviados,
      fallidos: final.fallidos,
      omitidos: final.omitidos,
    });
    return { resultado: final.estado, campana: final };
  } catch (error) {
    if (error instanceof LeasePerdido) {
      logger.warn('otro envío tomó la campaña', { campana: campanaId, run: yo });
      return { resultado: 'lease-perdido' };
    }
    // an unexpected error: free the lease so the job resumes it after the lease time
    await ceder(campanaId, yo, { redespachar: false, hastaMs: Date.now() + o.leaseMs }).catch(() => undefined);
    throw error;
  }
}

/** A recipient item (claim and result) as stored. */
export async function leerDestinatario(campanaId: string, clienteId: string): Promise<Record<string, unknown> | undefined> {
  const out = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.campanaDestinatario(campanaId, clienteId), ConsistentRead: true }),
  );
  return out.Item;
}
