import { GetCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { enCartera } from '@cuota/shared/schemas/lending';
import { formatCRC, sumarDias, type CierreFecha } from '@cuota/shared';
import { cierreTexts } from '@cuota/shared/texts/cierre';
import { ulid } from 'ulid';
import { batchGetAll, ddb, tableName } from '#commons/db';
import { AL_COBRO } from '#commons/items';
import { ENTITY, keys } from '#commons/keys';
import { logger } from '#commons/logger';
import { notificacionPut } from '#commons/registro';
import { CondicionFallida, TransaccionCancelada } from '#commons/errors';
import { actualizar, conReintentos, escribirTransaccion, escribirUna, put } from '#commons/transaccion';
import { obtenerCliente } from '#features/clientes/index';
import { tomarInstantaneaMensual } from '#features/riesgo/index';
import {
  calculadoHasta,
  cargarCredito,
  cargarPorClave,
  creditoUpdate,
  recalcular,
  type CreditoCargado,
  type TransactItem,
} from './cartera';
import { pendiente } from './domain';
import { promesaEnCierre } from './promesas';
import { promesaEnRevision } from './promesas-en-revision';
import { CreditoInconsistente } from './recalculo';

/**
 * The daily close of business (lending-rules.md "Daily close of business"), idempotent at
 * three levels:
 * 1. Per business date: a marker item CIERRE#fecha is put with a condition (absent, or a lock
 *    whose lease expired) before any work: of two concurrent runs of one date only one works, the
 *    other answers 'en_curso'; once the marker says completado, running the date again does nothing.
 * 2. Per credit: a credit's unit — its update, its changed cuotas and its 'Cuota vencida'
 *    notifications — is always written in one TransactWrite, the update conditional on the credit's
 *    version AND `ultimo_cierre < fecha`, setting ultimo_cierre = fecha. For speed, the units of
 *    up to ~40 credits share one TransactWrite (cerrarCreditos): that is still all-or-nothing, so
 *    no crash, conflict or retry can leave a credit's cuotas, notifications and summary apart, and a
 *    cancelled one wrote nothing (its credits are then closed one by one, each re-read). Nothing of
 *    a credit is written outside its unit, so there is no half-written state to converge from. A
 *    run that crashed half-way is resumed by the next one (the lease expires) and skips the credits
 *    already closed (their ultimo_cierre): no double accrual, no notification sent twice.
 * 3. Per reminder: a guard item AVISO#credito#cuota#recordatorio put with attribute_not_exists in
 *    the same transaction as the notification.
 * Only credits that can change are read: gsi3 'CREDITOS#AL_COBRO' sorted by proxima_revision (the
 * oldest unpaid due date, or the day after the first due date while vigente), up to the date (cost
 * grows with the loans due, not with the portfolio).
 */

/**
 * How long a run holds a date without renewing it (renewed after every page). A run that died
 * blocks the date this long; `CIERRE_LEASE_MS` shortens it (the local crash-safety test does).
 */
export function duracionBloqueo(env: NodeJS.ProcessEnv = process.env): number {
  const ms = Number(env.CIERRE_LEASE_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : 5 * 60_000;
}
const PAGINA = 100;
const PARALELO = 8;
/** Credits the close's gsi3 query hands over at once (fewer when their items pass the query's 1 MB). */
const PAGINA_CIERRE = 1_000;
/** Batches of credits being closed at once, and credits read at once within each. */
const TANDAS_EN_CURSO = 8;
const LECTURAS_POR_TANDA = 8;
const INTENTOS = 8;
/** Actions per TransactWrite (DynamoDB's limit). */
const ACCIONES_POR_TRANSACCION = 100;
const AVISO_TTL_DIAS = 120;

/**
 * Runs fn over xs, n at a time. After a failure no worker takes a new element, but what is in
 * flight finishes (allSettled: no write is left running unobserved, no rejection unhandled); then
 * the first failure is rethrown.
 */
async function poolDe<T>(xs: readonly T[], n: number, fn: (x: T) => Promise<void>): Promise<void> {
  let next = 0;
  let fallo = false;
  const resultados = await Promise.allSettled(
    Array.from({ length: Math.min(n, xs.length) }, async () => {
      while (!fallo && next < xs.length) {
        try {
          await fn(xs[next++]!);
        } catch (error) {
          fallo = true;
          throw error;
        }
      }
    }),
  );
  const primero = resultados.find((x): x is PromiseRejectedResult => x.status === 'rejected');
  if (primero) throw primero.reason;
}

const ddmmaaaa = (fecha: string) => fecha.split('-').reverse().join('/');

// ---------------------------------------------------------------- one credit

export interface CierreDeCredito {
  actualizado: boolean;
  moraCentimos: number;
  avisos: number;
}

/** A credit's close for one date as computed from one read, not yet written. */
interface CierrePreparado {
  id: string;
  /** The credit's conditional update and its changed cuotas (its notifications are added by avisar). */
  items: TransactItem[];
  moraCentimos: number;
  clienteId: string;
  numeroCredito: string;
  /** The cuotas that fell overdue on this close: each gets a 'Cuota vencida' to the client's user. */
  nuevasVencidas: Array<{ numero_cuota: number; fecha_vencimiento: string }>;
}

/**
 * A credit's close unit has more actions than one TransactWrite takes (DynamoDB's 100): it cannot be
 * written whole, so it is not written; the close reports the credit in creditos_con_error.
 */
export class UnidadExcedeTransaccion extends Error {
  constructor(
    readonly numeroCredito: string,
    readonly acciones: number,
  ) {
    super(
      `el cierre del crédito ${numeroCredito} tiene ${acciones} acciones, más de las ${ACCIONES_POR_TRANSACCION} de una transacción`,
    );
    this.name = 'UnidadExcedeTransaccion';
  }
}

/**
 * Reads a credit (unless the caller already did: `leido`, null when it is gone) and computes its
 * close for `fecha` (see the header, level 2): recomputes it from
 * its schedule and ledger as of `fecha` (recalculo.ts; or as of a later date a payment already
 * brought it to), so a close after a backdated payment, a skipped date or a repeated run all agree
 * with daily closes. Null when there is nothing to write (gone, cancelado, already closed for the
 * date). A credit whose stored state cannot be trusted throws CreditoInconsistente.
 */
async function prepararCierre(
  id: string,
  fecha: string,
  now: Date,
  hasta: string,
  leido?: CreditoCargado | null,
): Promise<CierrePreparado | null> {
  const cargado = leido === undefined ? await cargarCredito(id) : leido;
  if (!cargado) return null;
  const { credito, cuotas } = cargado;
  const ultimo = typeof credito.ultimo_cierre === 'string' ? credito.ultimo_cierre : null;
  if (!enCartera(credito.estado) || (ultimo && ultimo >= fecha)) return null;

  const calculado = calculadoHasta(credito);
  const hastaCalculo = calculado && calculado > hasta ? calculado : hasta;
  const { r, cuotaItems } = recalcular(cargado, cargado.pagos, hastaCalculo);
  const previas = new Map(cuotas.map((c) => [c.numero_cuota, c]));
  // a ledger without payments is marked with the version this update writes: the next close reads
  // the credit by key and skips its ledger while nothing else has written it (cartera.ts libroSinPagos)
  const marca =
    cargado.pagos.length === 0 ? { version_sin_pagos: (typeof credito.version === 'number' ? credito.version : 0) + 1 } : {};
  const promesa = (await promesaEnRevision(credito, cargado.movimientos, hasta))
    ? { cambios: {}, items: [] }
    : promesaEnCierre(credito, cargado.movimientos, r.resumen, hasta, now);
  return {
    id,
    items: [
      creditoUpdate(
        credito,
        { ...r.resumen, ultimo_cierre: hasta, calculado_hasta: hastaCalculo, ...marca, ...promesa.cambios },
        now,
        {
          expresion: 'attribute_not_exists(#uc) OR #uc < :fecha',
          nombres: { '#uc': 'ultimo_cierre' },
          valores: { ':fecha': fecha },
        },
      ),
      ...cuotaItems,
      ...promesa.items,
    ],
    moraCentimos: r.moraTotal - cuotas.reduce((s, c) => s + c.monto_mora_centimos, 0),
    clienteId: String(credito.cliente_id),
    numeroCredito: String(credito.numero_credito),
    nuevasVencidas: r.cuotas.filter((c) => !c.pagada && c.dias_mora > 0 && (previas.get(c.numero_cuota)?.dias_mora ?? 0) === 0),
  };
}

/** The credit's notifications for its new overdue cuotas, to the client's portal user (none without one). */
function avisar(p: CierrePreparado, userId: string | null, now: Date): { items: TransactItem[]; avisos: number } {
  if (!userId || p.nuevasVencidas.length === 0) return { items: p.items, avisos: 0 };
  const avisos = p.nuevasVencidas.map((c) =>
    notificacionPut({
      user_id: userId,
      tipo: 'warning',
      titulo: cierreTexts.vencidaTitulo,
      mensaje: cierreTexts.vencida(c.numero_cuota, p.numeroCredito, ddmmaaaa(c.fecha_vencimiento)),
      accion_url: '/portal',
      now,
    }),
  );
  return { items: [...p.items, ...avisos], avisos: avisos.length };
}

/**
 * Closes one credit for `fecha` on its own: reads it, computes its close and writes it in one
 * conditional TransactWrite, re-reading after a conflict (a payment or another run changed the
 * credit; if it is closed now, there is nothing to do). A credit whose stored state cannot be
 * trusted (CreditoInconsistente) is not written: the caller reports it.
 */
export async function cerrarCreditoEnFecha(
  id: string,
  fecha: string,
  now = new Date(),
  /** A catch-up's last date: the credit is brought there at once (later dates of the run skip it). */
  hasta = fecha,
): Promise<CierreDeCredito> {
  // a failed condition (a payment or another run changed the credit) or conflicts that outlast
  // the transaction's own retries: read it again; if it is closed now, there is nothing to do
  return conReintentos(
    async () => {
      const p = await prepararCierre(id, fecha, now, hasta);
      if (!p) return { actualizado: false, moraCentimos: 0, avisos: 0 };
      const userId = p.nuevasVencidas.length > 0 ? ((await obtenerCliente(p.clienteId))?.user_id ?? null) : null;
      const { items, avisos } = avisar(p, userId, now);
      if (items.length > ACCIONES_POR_TRANSACCION) throw new UnidadExcedeTransaccion(p.numeroCredito, items.length);
      await escribirTransaccion(items);
      return { actualizado: true, moraCentimos: p.moraCentimos, avisos };
    },
    { intentos: INTENTOS, siAgota: () => new Error(`no se pudo cerrar el crédito ${id} para ${fecha}: demasiados conflictos`) },
  );
}

// ---------------------------------------------------------------- many credits

/** A credit the close's gsi3 page hands over: its id and the page's copy of its item (the index projects it whole). */
type PedidoDeCierre = { id: string; credito: Record<string, unknown> };

/** Credits per TransactWrite at most (≈ 2–3 actions each: the credit, its overdue cuota, a notification). */
const CREDITOS_POR_TANDA = 40;

/**
 * Closes many credits for `fecha`, each exactly as cerrarCreditoEnFecha would, with fewer requests.
 * The credits are cut into tandas (batches) that TANDAS_EN_CURSO workers take in turn; for its tanda
 * a worker
 * 1. reads and computes every credit (LECTURAS_POR_TANDA at once), then reads the clients that get a
 *    'Cuota vencida' in one BatchGet (not one GetItem each);
 * 2. writes the credits' units — each credit's update, its changed cuotas and its notifications,
 *    never split — in one TransactWrite (two when they pass 100 actions).
 * Packing only adds atomicity: a transaction commits every credit in it or none, and each credit's
 * update keeps its own condition (its version and `ultimo_cierre < fecha`). When one is cancelled
 * (a payment or another run changed one of its credits, or a conflict), nothing of it was written,
 * and each of its credits is closed again on its own by cerrarCreditoEnFecha, which re-reads it:
 * the one another writer changed is recomputed (or found closed), the others are written.
 * A worker holds only its own tanda, so reads and writes overlap across workers and a run reads
 * little ahead of what it has written; a small page is cut finer (every worker gets several
 * tandas), so the credits of a small close are still spread over several transactions.
 * Counts, mora and creditos_con_error add up as they did credit by credit (their order may differ).
 */
async function cerrarCreditos(
  pedidos: ReadonlyArray<PedidoDeCierre>,
  fecha: string,
  now: Date,
  hasta: string,
  r: CierreFecha,
): Promise<void> {
  const conteo = conteoDeCierre(r);
  await poolDe(enTandas(pedidos), TANDAS_EN_CURSO, async (tanda) => {
    const preparados = await prepararTanda(tanda, fecha, now, hasta, conteo);
    const usuarios = await usuariosAAvisar(preparados);
    for (const grupo of agruparEnTransacciones(preparados, usuarios, now, conteo)) {
      try {
        await escribirTransaccion(grupo.flatMap((u) => u.items));
        for (const u of grupo) conteo.contar({ actualizado: true, moraCentimos: u.p.moraCentimos, avisos: u.avisos });
        continue;
      } catch (error) {
        if (!(error instanceof TransaccionCancelada)) throw error;
      }
      for (const u of grupo) {
        try {
          conteo.contar(await cerrarCreditoEnFecha(u.p.id, fecha, now, hasta));
        } catch (error) {
          conteo.inconsistente(error);
        }
      }
    }
  });
}

/** How a close counts each credit into its result: closed (or found closed), or not recomputable. */
interface ConteoDeCierre {
  contar(c: CierreDeCredito): void;
  /** A credit the close cannot write (inconsistent, or too big for one transaction); rethrows any other error. */
  inconsistente(error: unknown): void;
}

function conteoDeCierre(r: CierreFecha): ConteoDeCierre {
  return {
    contar(c) {
      r.creditos_revisados++;
      if (c.actualizado) r.creditos_actualizados++;
      r.mora_devengada_centimos += c.moraCentimos;
      r.avisos_vencimiento += c.avisos;
    },
    inconsistente(error) {
      if (error instanceof UnidadExcedeTransaccion) {
        logger.error('cierre de crédito demasiado grande para una transacción: no se escribe', {
          numero_credito: error.numeroCredito,
          acciones: error.acciones,
        });
      } else if (!(error instanceof CreditoInconsistente)) throw error;
      // not written (logged here or by recalcular); the close reports it and goes on with the others
      r.creditos_revisados++;
      r.creditos_con_error.push(error.numeroCredito);
    },
  };
}

/**
 * The page cut into tandas, in an order of this run's own: two runs racing on one date (a lease
 * taken over) mostly close different credits instead of colliding tanda by tanda on the same ones.
 */
function enTandas<T>(pedidos: readonly T[]): T[][] {
  const orden = [...pedidos];
  for (let i = orden.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [orden[i], orden[j]] = [orden[j]!, orden[i]!];
  }
  const porTanda = Math.max(1, Math.min(CREDITOS_POR_TANDA, Math.ceil(orden.length / (TANDAS_EN_CURSO * 4))));
  const tandas: T[][] = [];
  for (let i = 0; i < orden.length; i += porTanda) tandas.push(orden.slice(i, i + porTanda));
  return tandas;
}

/** Reads every credit of the tanda (its cuotas by key, its ledger queried only when needed) and computes its close. */
async function prepararTanda(
  tanda: ReadonlyArray<PedidoDeCierre>,
  fecha: string,
  now: Date,
  hasta: string,
  conteo: ConteoDeCierre,
): Promise<CierrePreparado[]> {
  const preparados: CierrePreparado[] = [];
  const { cargados, porConsultar } = await cargarPorClave(tanda);
  await poolDe(porConsultar, LECTURAS_POR_TANDA, async (id) => {
    cargados.set(id, await cargarCredito(id));
  });
  const leidosEnteros = new Set(porConsultar);
  for (const { id } of tanda) {
    try {
      const p = await prepararSinCopiaVieja(id, fecha, now, hasta, cargados.get(id) ?? null, !leidosEnteros.has(id));
      if (p) preparados.push(p);
      else conteo.contar({ actualizado: false, moraCentimos: 0, avisos: 0 });
    } catch (error) {
      conteo.inconsistente(error);
    }
  }
  return preparados;
}

/**
 * prepararCierre, except that a credit computed from the index page's copy (which may be older
 * than the cuotas read after it, e.g. a restructuring in between) is judged inconsistent only
 * after a strongly consistent read of the whole credit says so too.
 */
async function prepararSinCopiaVieja(
  id: string,
  fecha: string,
  now: Date,
  hasta: string,
  cargado: CreditoCargado | null,
  desdeLaPagina: boolean,
): Promise<CierrePreparado | null> {
  try {
    return await prepararCierre(id, fecha, now, hasta, cargado);
  } catch (error) {
    if (!desdeLaPagina || !(error instanceof CreditoInconsistente)) throw error;
    return prepararCierre(id, fecha, now, hasta, await cargarCredito(id));
  }
}

/** The user of each client that gets a 'Cuota vencida', in one BatchGet (null: no portal user). */
async function usuariosAAvisar(preparados: readonly CierrePreparado[]): Promise<Map<string, string | null>> {
  const clientes = [...new Set(preparados.filter((p) => p.nuevasVencidas.length > 0).map((p) => p.clienteId))];
  const usuarios = new Map<string, string | null>();
  if (clientes.length > 0) {
    const items = await batchGetAll(clientes.map((id) => keys.cliente(id)));
    clientes.forEach((id, k) => usuarios.set(id, typeof items[k]?.user_id === 'string' ? (items[k]!.user_id as string) : null));
  }
  return usuarios;
}

type UnidadDeCierre = { p: CierrePreparado; items: TransactItem[]; avisos: number };

/**
 * Each credit's unit (its update, changed cuotas and notifications, never split) packed into
 * transactions of at most ACCIONES_POR_TRANSACCION actions; a unit bigger than that is not written.
 */
function agruparEnTransacciones(
  preparados: readonly CierrePreparado[],
  usuarios: ReadonlyMap<string, string | null>,
  now: Date,
  conteo: ConteoDeCierre,
): UnidadDeCierre[][] {
  const transacciones: UnidadDeCierre[][] = [];
  let actual: UnidadDeCierre[] = [];
  let acciones = 0;
  for (const p of preparados) {
    const u = { p, ...avisar(p, usuarios.get(p.clienteId) ?? null, now) };
    if (u.items.length > ACCIONES_POR_TRANSACCION) {
      conteo.inconsistente(new UnidadExcedeTransaccion(p.numeroCredito, u.items.length));
      continue;
    }
    if (acciones + u.items.length > ACCIONES_POR_TRANSACCION && actual.length > 0) {
      transacciones.push(actual);
      actual = [];
      acciones = 0;
    }
    actual.push(u);
    acciones += u.items.length;
  }
  if (actual.length > 0) transacciones.push(actual);
  return transacciones;
}

// ---------------------------------------------------------------- reminders

/**
 * 'Recordatorio de pago' to the client of each credit whose oldest unpaid cuota falls due on `vence`
 * (at most once per cuota). A credit is on gsi3 by that date, except while vigente and paid ahead
 * (then by the day after its first due date, well before its next cuota's reminder).
 */
async function recordatorios(vence: string, now: Date): Promise<number> {
  let enviados = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk AND begins_with(gsi3sk, :p)',
        ExpressionAttributeValues: { ':pk': AL_COBRO, ':p': `${vence}#` },
        ProjectionExpression: 'id',
        Limit: PAGINA,
        ExclusiveStartKey: start,
      }),
    );
    start = out.LastEvaluatedKey;
    await poolDe(out.Items ?? [], PARALELO, async (x) => {
      if (await recordar(String(x.id), vence, now)) enviados++;
    });
  } while (start);
  return enviados;
}

async function recordar(creditoId: string, vence: string, now: Date): Promise<boolean> {
  const cargado = await cargarCredito(creditoId);
  if (!cargado) return false;
  const { credito, cuotas } = cargado;
  const cuota = cuotas.find((c) => !c.pagada && c.fecha_vencimiento === vence);
  if (!cuota) return false;
  const cliente = await obtenerCliente(String(credito.cliente_id));
  if (!cliente?.user_id) return false;
  const p = pendiente(cuota);
  try {
    await escribirTransaccion([
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.aviso(creditoId, cuota.numero_cuota, 'recordatorio'),
            tipo: ENTITY.aviso,
            fecha: vence,
            created_at: now.toISOString(),
            expira_en: Math.floor(now.getTime() / 1000) + AVISO_TTL_DIAS * 86_400,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      notificacionPut({
        user_id: cliente.user_id,
        tipo: 'info',
        titulo: cierreTexts.recordatorioTitulo,
        mensaje: cierreTexts.recordatorio(
          cuota.numero_cuota,
          String(credito.numero_credito),
          ddmmaaaa(vence),
          formatCRC(p.total),
        ),
        accion_url: '/portal',
        now,
      }),
    ]);
    return true;
  } catch (error) {
    // the guard exists: this cuota's reminder was sent
    if (error instanceof CondicionFallida && error.indice === 0) return false;
    throw error;
  }
}

// ---------------------------------------------------------------- one business date

const vacio = (fecha: string, estado: CierreFecha['estado']): CierreFecha => ({
  fecha,
  estado,
  creditos_revisados: 0,
  creditos_actualizados: 0,
  mora_devengada_centimos: 0,
  avisos_vencimiento: 0,
  recordatorios: 0,
  creditos_con_error: [],
});

async function tomarFecha(fecha: string, ejecucion: string, now: Date): Promise<CierreFecha | null> {
  try {
    await escribirUna(
      put(
        {
          ...keys.cierre(fecha),
          tipo: ENTITY.cierre,
          fecha,
          estado: 'en_curso',
          ejecucion,
          iniciado_en: now.toISOString(),
          bloqueo_hasta: now.getTime() + duracionBloqueo(),
        },
        {
          condicion: 'attribute_not_exists(pk) OR (estado = :en_curso AND bloqueo_hasta < :ahora)',
          valores: { ':en_curso': 'en_curso', ':ahora': now.getTime() },
        },
      ),
    );
    return null;
  } catch (error) {
    // closed, or held by a run whose lease has not expired
    if (!(error instanceof CondicionFallida)) throw error;
  }
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.cierre(fecha), ConsistentRead: true }));
  const m = out.Item ?? {};
  if (m.estado === 'completado' && m.resultado) {
    // results stored before creditos_con_error existed have none
    const resultado = m.resultado as Partial<CierreFecha>;
    return { ...vacio(fecha, 'ya_cerrado'), ...resultado, estado: 'ya_cerrado' };
  }
  return vacio(fecha, 'en_curso');
}

/** Extends this run's lock; false when another run took the date over (this one must stop). */
async function renovar(fecha: string, ejecucion: string): Promise<boolean> {
  try {
    await escribirUna(
      actualizar(keys.cierre(fecha), 'SET bloqueo_hasta = :hasta', {
        condicion: 'ejecucion = :e AND estado = :en_curso',
        valores: { ':hasta': Date.now() + duracionBloqueo(), ':e': ejecucion, ':en_curso': 'en_curso' },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof CondicionFallida) return false;
    throw error;
  }
}

/**
 * Closes one business date (header, level 1), unless it is closed or being closed. In a catch-up
 * (`hasta` after `fecha`) each credit met is brought to `hasta` at once — the engine's result is
 * the same as closing it day by day — and the run's later dates skip it (its ultimo_cierre is read
 * from the index), so a gap of N dates writes each credit once, not N times.
 */
export async function cerrarFecha(fecha: string, now = new Date(), hasta = fecha): Promise<CierreFecha> {
  const ejecucion = ulid(now.getTime());
  const tomada = await tomarFecha(fecha, ejecucion, now);
  if (tomada) return tomada;
  // the first close of a month snapshots the provisions of the month that ended (docs/riesgo.md)
  await tomarInstantaneaMensual(fecha, now);

  const r = vacio(fecha, 'cerrado');
  // the next page is asked for while this one is being closed
  const pagina = (start: Record<string, unknown> | undefined) => paginaAlCobro(fecha, start);
  let siguiente: Promise<QueryCommandOutput> | null = pagina(undefined);
  while (siguiente) {
    const out: QueryCommandOutput = await siguiente;
    siguiente = out.LastEvaluatedKey ? pagina(out.LastEvaluatedKey) : null;
    // closing this page may throw before the prefetched page is awaited: its failure is then not an
    // unhandled rejection (awaiting it below still rethrows it)
    siguiente?.catch(() => undefined);
    const porCerrar = (out.Items ?? []).filter((x) => !(typeof x.ultimo_cierre === 'string' && x.ultimo_cierre >= fecha));
    await cerrarCreditos(
      porCerrar.map((x) => ({ id: String(x.id), credito: x })),
      fecha,
      now,
      hasta,
      r,
    );
    if (!(await renovar(fecha, ejecucion))) {
      await siguiente?.catch(() => undefined);
      return { ...r, estado: 'en_curso' };
    }
  }

  r.recordatorios = await recordatorios(sumarDias(fecha, 3), now);
  await registrarCompletado(fecha, ejecucion, r);
  logger.info('cierre diario', { ...r });
  return r;
}

/**
 * A page of the credits the close of `fecha` can change: those whose proxima_revision is on or
 * before it, each item whole (the close computes from it when its ledger is known to be empty).
 */
function paginaAlCobro(fecha: string, start: Record<string, unknown> | undefined): Promise<QueryCommandOutput> {
  return ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk < :hasta',
      ExpressionAttributeValues: { ':pk': AL_COBRO, ':hasta': sumarDias(fecha, 1) },
      Limit: PAGINA_CIERRE,
      ExclusiveStartKey: start,
    }),
  );
}

/** The date's header says completado with its result (this run's lease only), and the last closed date moves up to it. */
async function registrarCompletado(fecha: string, ejecucion: string, r: CierreFecha): Promise<void> {
  await escribirUna(
    actualizar(keys.cierre(fecha), 'SET estado = :completado, resultado = :r, terminado_en = :t REMOVE bloqueo_hasta', {
      condicion: 'ejecucion = :e',
      valores: { ':completado': 'completado', ':r': r, ':t': new Date().toISOString(), ':e': ejecucion },
    }),
  );
  try {
    await escribirUna(
      actualizar(keys.cierreUltimo(), 'SET fecha = :f, tipo = :tipo', {
        condicion: 'attribute_not_exists(pk) OR fecha < :f',
        valores: { ':f': fecha, ':tipo': ENTITY.cierre },
      }),
    );
  } catch (error) {
    // a later date is already recorded as the last one closed
    if (!(error instanceof CondicionFallida)) throw error;
  }
}

// ---------------------------------------------------------------- catch-up

/** The last business date fully closed, or null on a fresh system. */
export async function ultimoCierre(): Promise<string | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.cierreUltimo(), ConsistentRead: true }));
  return typeof out.Item?.fecha === 'string' ? out.Item.fecha : null;
}

/**
 * The business dates to close to reach `hasta`: every date after the last one closed (a fresh
 * system starts at `hasta`), however many; `hasta` itself when it is already closed (answers
 * ya_cerrado).
 */
export function fechasPendientes(ultimo: string | null, hasta: string): string[] {
  if (!ultimo || ultimo >= hasta) return [hasta];
  const out: string[] = [];
  for (let f = sumarDias(ultimo, 1); f <= hasta; f = sumarDias(f, 1)) out.push(f);
  return out;
}

export interface EjecucionCierres {
  /** The dates this run closed (or found closed, or found being closed), in order. */
  fechas: CierreFecha[];
  /** Dates still to close up to `hasta` when the run stopped (0: caught up). */
  pendientes: number;
  /** The last business date fully closed after this run. */
  ultimo_cierre: string | null;
}

/**
 * Closes every pending business date up to `hasta`, in order, for as long as `presupuestoMs`
 * allows (a date is never cut: each is resumable on its own), and says how many remain: a gap of
 * any size is caught up by repeating the call (the admin's screen does, showing the progress; the
 * hourly job continues where the last run stopped). Stops at a date another run is closing.
 */
export async function ejecutarCierres(
  hasta: string,
  opts: { now?: Date; presupuestoMs?: number } = {},
): Promise<EjecucionCierres> {
  const inicio = Date.now();
  const presupuesto = opts.presupuestoMs ?? Number.POSITIVE_INFINITY;
  const pendientes = fechasPendientes(await ultimoCierre(), hasta);
  const fechas: CierreFecha[] = [];
  for (const fecha of pendientes) {
    if (fechas.length > 0 && Date.now() - inicio >= presupuesto) break;
    const r = await cerrarFecha(fecha, opts.now ?? new Date(), hasta);
    fechas.push(r);
    if (r.estado === 'en_curso') break;
  }
  const cerradas = fechas.filter((f) => f.estado !== 'en_curso').length;
  const ultimo = await ultimoCierre();
  return { fechas, pendientes: ultimo && ultimo >= hasta ? 0 : pendientes.length - cerradas, ultimo_cierre: ultimo };
}
