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
import type { Campana } from '@cuota/shared';
import { ulid } from 'ulid';
import { logger } from '#commons/logger';
import { escribirTransaccion } from '#commons/transaccion';
import { campanaDeItem, type CampanaItem } from '#entities/campana';
import type { Correo, LibroEntregas } from './correo';
import { estadoFinal, pausaParaTasa } from './domain';
import { finalizadaPut, finalizarCampanaOp } from './escrituras';
import { ceder, LeasePerdido, tomarLease, type Lease } from './envio-lease';
import { esperar, procesarLote, registrarLote } from './envio-lote';
import { leerCampana, paginaSegmento } from './store';

export { leerDestinatario } from './store';

/** A batch is one transaction: its recipients plus the campaign item (TransactWriteItems ≤ 100). */
export const LOTE_MAX = 90;

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

/** The end of the run: the final estado, the lease freed and the notification, in one transaction. */
async function finalizar(lease: Lease): Promise<Campana & { estado: 'completado' | 'error' }> {
  const item = await leerCampana(lease.campanaId);
  if (!item) throw new LeasePerdido();
  const campana = campanaDeItem(item);
  const estado = estadoFinal(campana);
  const ahora = new Date();
  await escribirTransaccion([
    finalizarCampanaOp(lease.campanaId, lease.yo, estado, ahora, () => new LeasePerdido()),
    finalizadaPut({ ...campana, estado }, estado, ahora),
  ]);
  return { ...campana, estado, completado_en: ahora.toISOString() };
}

/** A page's batch: sent and recorded. Answers how the run goes on. */
async function enviarPagina(
  o: OpcionesEnvio,
  lease: Lease,
  campana: Campana,
  pagina: { clienteIds: string[]; ultimo: string | null },
): Promise<'seguir' | 'pausada' | { error: Campana }> {
  const inicio = Date.now();
  const lote = await procesarLote(o, campana, pagina.clienteIds, lease);
  if (lote.fatal) {
    const leida = async () => {
      const item = await leerCampana(lease.campanaId);
      return item ? campanaDeItem(item) : campana;
    };
    await registrarLote(lease, lote, null, { campana: await leida(), error: lote.fatal });
    logger.error('campaña detenida por un error de SES', { campana: lease.campanaId, error: lote.fatal });
    return { error: await leida() };
  }
  // the cursor moves past the page only when every recipient in it is settled
  const completa = lote.liberar.length === 0 && lote.pendientes === 0;
  const cuenta = await registrarLote(lease, lote, completa ? pagina.ultimo : null, null);
  o.alRegistrarLote?.(cuenta);
  if (!completa) {
    // throttled or SES failing: a later run (the job, after the lease) takes it from here
    await ceder(lease, { redespachar: false, hastaMs: Date.now() + o.leaseMs });
    return 'pausada';
  }
  await esperar(pausaParaTasa(lote.llamadasSes, Date.now() - inicio, o.porSegundo));
  return 'seguir';
}

/** Pages through the segment from the cursor until the end, a pause or an error. */
async function recorrer(o: OpcionesEnvio, lease: Lease, item: CampanaItem): Promise<ResultadoEnvio> {
  const campana = campanaDeItem(item);
  const tamano = Math.max(1, Math.min(LOTE_MAX, Math.floor(o.porSegundo)));
  let cursor = typeof item.cursor_envio === 'string' ? item.cursor_envio : null;
  logger.info('envío de campaña', { campana: campana.id, run: lease.yo, segmento: campana.segmento, cursor });
  for (;;) {
    if (o.restanteMs && o.restanteMs() < (o.margenMs ?? 60_000)) {
      await ceder(lease, { redespachar: true });
      return { resultado: 'pausada' };
    }
    const pagina = await paginaSegmento(campana.segmento, { desde: cursor, limite: tamano });
    if (pagina.clienteIds.length > 0) {
      const paso = await enviarPagina(o, lease, campana, pagina);
      if (paso === 'pausada') return { resultado: 'pausada' };
      if (paso !== 'seguir') return { resultado: 'error', campana: paso.error };
    }
    cursor = pagina.ultimo;
    if (pagina.fin) break;
  }
  const final = await finalizar(lease);
  const { estado, enviados, fallidos, omitidos } = final;
  logger.info('campaña finalizada', { campana: campana.id, estado, enviados, fallidos, omitidos });
  return { resultado: final.estado, campana: final };
}

/** Sends (or resumes) one campaign; see the module comment for how nobody gets it twice. */
export async function ejecutarEnvio(campanaId: string, o: OpcionesEnvio): Promise<ResultadoEnvio> {
  const yo = o.propietario ?? ulid();
  const tomado = await tomarLease(campanaId, yo, o.leaseMs);
  if (!tomado) return { resultado: 'ocupada' };
  try {
    return await recorrer(o, tomado.lease, tomado.item);
  } catch (error) {
    if (error instanceof LeasePerdido) {
      logger.warn('otro envío tomó la campaña', { campana: campanaId, run: yo });
      return { resultado: 'lease-perdido' };
    }
    // an unexpected error: free the lease so the job resumes it after the lease time
    await ceder(tomado.lease, { redespachar: false, hastaMs: Date.now() + o.leaseMs }).catch(() => undefined);
    throw error;
  }
}
