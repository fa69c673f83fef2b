/** One batch of a campaign send: claim, send, settle with the ledger, record (see envio.ts for the guarantees). */
import type { Campana } from '@cuota/shared';
import { CondicionFallida } from '#commons/errors';
import { logger } from '#commons/logger';
import { conError, escribirTransaccion, escribirUna } from '#commons/transaccion';
import { emailUtilizable, esperaReintento, motivoErrorSes, personalizar, tratamientoErrorSes } from './domain';
import {
  finalizadaPut,
  liberarReclamoOp,
  reclamarOp,
  registrarLoteCampanaOp,
  resolverReclamoOp,
  retomarReclamoOp,
  type Cuenta,
  type Final,
  type Reclamo,
} from './escrituras';
import type { OpcionesEnvio } from './envio';
import { LeasePerdido, type Lease } from './envio-lease';
import { contactos, leerDestinatario, type ClienteContacto } from './store';

const REINTENTOS_THROTTLING = 6;
const RONDAS_INCIERTOS = 3;

export const esperar = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve());

// ---------------------------------------------------------------- claims

type ResultadoReclamo = { tipo: 'nuestro'; reclamo: Reclamo } | { tipo: 'final' } | { tipo: 'ajeno'; reclamo: Reclamo };

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
    await escribirUna(reclamarOp(campanaId, reclamo));
    return { tipo: 'nuestro', reclamo };
  } catch (error) {
    if (!(error instanceof CondicionFallida)) throw error;
  }
  const item = await leerDestinatario(campanaId, clienteId);
  if (!item) return reclamar(campanaId, contacto, clienteId, yo); // released meanwhile
  if (item.estado !== 'reclamado') return { tipo: 'final' };
  const ajeno = { clienteId: String(item.cliente_id), intento: String(item.intento), reclamadoEn: String(item.reclamado_en) };
  return { tipo: 'ajeno', reclamo: { ...ajeno, email: typeof item.email === 'string' ? item.email : null } };
}

/** Takes over a dead run's claim the ledger says was never sent (conditional on that run's intento). */
async function retomar(campanaId: string, ajeno: Reclamo, yo: string): Promise<Reclamo> {
  const reclamadoEn = new Date().toISOString();
  await escribirUna(retomarReclamoOp(campanaId, ajeno, yo, reclamadoEn, () => new LeasePerdido()));
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
      const mensaje = { campanaId: campana.id, destinatarioId: reclamo.clienteId, para: reclamo.email, ...contenido };
      const { messageId } = await o.correo.enviar(mensaje);
      return { estado: 'enviado', messageId, porLibro: false };
    } catch (error) {
      const e = error as { name?: string; message?: string; code?: string; $metadata?: { httpStatusCode?: number } };
      const trato = tratamientoErrorSes(e.name, e.$metadata?.httpStatusCode, e.code, e.message);
      const detalle = `${e.name ?? 'Error'}: ${e.message ?? ''}`.slice(0, 300);
      if (trato === 'reintentar') {
        if (intento >= REINTENTOS_THROTTLING) return { estado: 'liberar', error: detalle };
        await esperar(esperaReintento(intento));
        continue;
      }
      if (trato === 'fallido') return { estado: 'fallido', error: detalle };
      if (trato === 'fatal') return { estado: 'fatal', error: motivoErrorSes(e.name, e.message) };
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

export interface ResultadoLote {
  finales: Map<string, { reclamo: Reclamo; final: Final }>;
  /** Claims given back: SES surely did not send them (throttled, or a fatal account error). */
  liberar: Reclamo[];
  /** Claims left uncertain (SES kept failing): a later run settles them with the ledger. */
  pendientes: number;
  fatal: string | null;
  llamadasSes: number;
}

interface Lote {
  o: OpcionesEnvio;
  campana: Campana;
  lease: Lease;
  porId: Map<string, ClienteContacto | null>;
  r: ResultadoLote;
}

/** Sends the claims of one round; answers the uncertain ones. */
async function enviarRonda(l: Lote, porEnviar: Reclamo[]): Promise<Reclamo[]> {
  if (porEnviar.length > 0) await l.lease.asegurar();
  const resultados = await Promise.all(porEnviar.map((rc) => enviarUno(l.o, l.campana, rc, l.porId.get(rc.clienteId) ?? null)));
  const inciertos: Reclamo[] = [];
  porEnviar.forEach((rc, i) => {
    const res = resultados[i]!;
    if (res.estado !== 'omitido') l.r.llamadasSes++;
    if (res.estado === 'incierto') inciertos.push(rc);
    else if (res.estado === 'liberar') l.r.liberar.push(rc);
    else if (res.estado === 'fatal') {
      l.r.liberar.push(rc);
      l.r.fatal ??= res.error;
    } else l.r.finales.set(rc.clienteId, { reclamo: rc, final: res });
  });
  return inciertos;
}

/**
 * Settles uncertain claims with the ledger once the newest is old enough (the lease kept
 * meanwhile): found → enviado; not found → answered to be sent again (a dead run's claim retaken).
 */
async function asentarConLibro(l: Lote, inciertos: Reclamo[]): Promise<Reclamo[]> {
  const espera = Math.max(...inciertos.map((c) => Date.parse(c.reclamadoEn))) + l.o.asentamientoMs - Date.now();
  if (espera > 0) {
    await l.lease.extender(Date.now() + espera + l.o.leaseMs);
    await esperar(espera);
  }
  const masViejo = new Date(Math.min(...inciertos.map((c) => Date.parse(c.reclamadoEn))));
  const libro = await l.o.libro.buscar(
    l.campana.id,
    inciertos.map((c) => c.clienteId),
    masViejo,
  );
  const porEnviar: Reclamo[] = [];
  for (const c of inciertos) {
    const messageId = libro.get(c.clienteId);
    if (messageId) l.r.finales.set(c.clienteId, { reclamo: c, final: { estado: 'enviado', messageId, porLibro: true } });
    else porEnviar.push(c.intento === l.lease.yo ? c : await retomar(l.campana.id, c, l.lease.yo));
  }
  return porEnviar;
}

/** Claims, sends and settles one page of recipients; answers what to record. */
export async function procesarLote(
  o: OpcionesEnvio,
  campana: Campana,
  clienteIds: string[],
  lease: Lease,
): Promise<ResultadoLote> {
  const l: Lote = {
    o,
    campana,
    lease,
    porId: new Map(),
    r: { finales: new Map(), liberar: [], pendientes: 0, fatal: null, llamadasSes: 0 },
  };
  (await contactos(clienteIds)).forEach((c, i) => l.porId.set(clienteIds[i]!, c));
  const reclamos = await Promise.all(clienteIds.map((id) => reclamar(campana.id, l.porId.get(id) ?? null, id, lease.yo)));
  let porEnviar = reclamos.flatMap((rc) => (rc.tipo === 'nuestro' ? [rc.reclamo] : []));
  let inciertos = reclamos.flatMap((rc) => (rc.tipo === 'ajeno' ? [rc.reclamo] : []));
  for (let ronda = 0; ; ronda++) {
    inciertos.push(...(await enviarRonda(l, porEnviar)));
    if (inciertos.length === 0) break;
    if (l.r.fatal || ronda >= RONDAS_INCIERTOS) {
      l.r.pendientes += inciertos.length; // never given back blindly: a later run asks the ledger
      break;
    }
    porEnviar = await asentarConLibro(l, inciertos);
    inciertos = [];
    if (porEnviar.length === 0) break;
  }
  return l.r;
}

/**
 * Records a batch in one transaction: each recipient's result (conditional on its claim), the
 * released claims, the campaign's counters, cursor and lease (conditional on holding it), and,
 * when the run stops in error, the 'campaign finished' notification.
 */
export async function registrarLote(
  lease: Lease,
  lote: ResultadoLote,
  cursor: string | null,
  cierre: { campana: Campana; error: string } | null,
): Promise<Cuenta> {
  const ahora = new Date();
  const finales = [...lote.finales.values()];
  const contar = (e: Final['estado']) => finales.filter((f) => f.final.estado === e).length;
  const cuenta: Cuenta = { enviados: contar('enviado'), fallidos: contar('fallido'), omitidos: contar('omitido') };
  const hasta = new Date(ahora.getTime() + lease.leaseMs).toISOString();
  const acciones = [
    ...finales.map(({ reclamo, final }) => resolverReclamoOp(lease.campanaId, reclamo, final, ahora).accion),
    ...lote.liberar.map((reclamo) => liberarReclamoOp(lease.campanaId, reclamo).accion),
    registrarLoteCampanaOp(lease.campanaId, lease.yo, cuenta, { cursor, hasta, error: cierre?.error ?? null }).accion,
  ];
  if (cierre) {
    const c = cierre.campana;
    const sumas = {
      enviados: c.enviados + cuenta.enviados,
      fallidos: c.fallidos + cuenta.fallidos,
      omitidos: c.omitidos + cuenta.omitidos,
    };
    acciones.push(finalizadaPut({ ...c, estado: 'error', ...sumas }, 'error', ahora, cierre.error));
  }
  // a claim or the campaign moved under us: another run holds the campaign now
  await escribirTransaccion(acciones.map((a) => conError(a, () => new LeasePerdido())));
  if (!cierre) lease.hasta = Date.parse(hasta);
  return cuenta;
}
