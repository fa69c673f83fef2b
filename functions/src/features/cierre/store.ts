import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { formatCRC, sumarDias, type CierreFecha } from '@cuota/shared';
import { cierreTexts } from '@cuota/shared/texts/cierre';
import { ulid } from 'ulid';
import { ddb, tableName } from '#commons/db';
import { AL_COBRO } from '#commons/items';
import { ENTITY, keys } from '#commons/keys';
import { logger } from '#commons/logger';
import { notificacionPut } from '#commons/registro';
import { getCliente } from '../clientes/store';
import {
  calculadoHasta,
  cargarCredito,
  creditoUpdate,
  motivosCancelacion,
  pausa,
  recalcular,
  transact,
  type TransactItem,
} from './cartera';
import { pendiente } from './domain';
import { CreditoInconsistente } from './recalculo';

/**
 * The daily close of business (lending-rules.md "Daily close of business"), idempotent at
 * three levels:
 * 1. Per business date: a marker item CIERRE#fecha is put with a condition (absent, or a lock
 *    whose lease expired) before any work: of two concurrent runs of one date only one works, the
 *    other answers 'en_curso'; once the marker says completado, running the date again does nothing.
 * 2. Per credit: each credit is closed in its own TransactWrite (credit + its changed cuotas +
 *    its 'Cuota vencida' notifications) conditional on its version AND `ultimo_cierre < fecha`, and
 *    sets ultimo_cierre = fecha. A run that crashed half-way is resumed by the next one (the lease
 *    expires) and skips the credits already closed: no double accrual.
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
const INTENTOS = 8;
const AVISO_TTL_DIAS = 120;

async function poolDe<T>(xs: readonly T[], n: number, fn: (x: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, xs.length) }, async () => {
      while (next < xs.length) await fn(xs[next++]!);
    }),
  );
}

const ddmmaaaa = (fecha: string) => fecha.split('-').reverse().join('/');

// ---------------------------------------------------------------- one credit

export interface CierreDeCredito {
  actualizado: boolean;
  moraCentimos: number;
  avisos: number;
}

/**
 * Closes one credit for `fecha` (see the header, level 2): recomputes it from its schedule and
 * ledger as of `fecha` (recalculo.ts; or as of a later date a payment already brought it to), so
 * a close after a backdated payment, a skipped date or a repeated run all agree with daily closes.
 * A credit whose stored state cannot be trusted (CreditoInconsistente) is not written: the
 * caller reports it.
 */
export async function cerrarCreditoEnFecha(
  id: string,
  fecha: string,
  now = new Date(),
  /** A catch-up's last date: the credit is brought there at once (later dates of the run skip it). */
  hasta = fecha,
): Promise<CierreDeCredito> {
  for (let intento = 0; intento < INTENTOS; intento++) {
    if (intento > 0) await pausa(intento);
    const cargado = await cargarCredito(id);
    if (!cargado) return { actualizado: false, moraCentimos: 0, avisos: 0 };
    const { credito, cuotas } = cargado;
    const ultimo = typeof credito.ultimo_cierre === 'string' ? credito.ultimo_cierre : null;
    if (credito.estado === 'cancelado' || (ultimo && ultimo >= fecha)) return { actualizado: false, moraCentimos: 0, avisos: 0 };

    const calculado = calculadoHasta(credito);
    const hastaCalculo = calculado && calculado > hasta ? calculado : hasta;
    const { r, cuotaItems } = recalcular(cargado, cargado.pagos, hastaCalculo);
    const previas = new Map(cuotas.map((c) => [c.numero_cuota, c]));
    const nuevasVencidas = r.cuotas.filter(
      (c) => !c.pagada && c.dias_mora > 0 && (previas.get(c.numero_cuota)?.dias_mora ?? 0) === 0,
    );
    const moraDevengada = r.moraTotal - cuotas.reduce((s, c) => s + c.monto_mora_centimos, 0);
    const items: TransactItem[] = [
      creditoUpdate(credito, { ...r.resumen, ultimo_cierre: hasta, calculado_hasta: hastaCalculo }, now, {
        expresion: 'attribute_not_exists(#uc) OR #uc < :fecha',
        nombres: { '#uc': 'ultimo_cierre' },
        valores: { ':fecha': fecha },
      }),
      ...cuotaItems,
    ];
    let avisos = 0;
    if (nuevasVencidas.length > 0) {
      const cliente = await getCliente(String(credito.cliente_id));
      if (cliente?.user_id) {
        for (const c of nuevasVencidas) {
          items.push(
            notificacionPut({
              user_id: cliente.user_id,
              tipo: 'warning',
              titulo: cierreTexts.vencidaTitulo,
              mensaje: cierreTexts.vencida(c.numero_cuota, String(credito.numero_credito), ddmmaaaa(c.fecha_vencimiento)),
              accion_url: '/portal',
              now,
            }),
          );
          avisos++;
        }
      }
    }
    try {
      await transact(items);
      return { actualizado: true, moraCentimos: moraDevengada, avisos };
    } catch (error) {
      if (!motivosCancelacion(error)) throw error;
      // a payment or another run changed the credit: re-read; if it is closed now, nothing to do
    }
  }
  throw new Error(`no se pudo cerrar el crédito ${id} para ${fecha}: demasiados conflictos`);
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
  const cliente = await getCliente(String(credito.cliente_id));
  if (!cliente?.user_id) return false;
  const p = pendiente(cuota);
  try {
    await transact([
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
    if (motivosCancelacion(error)?.[0] === 'ConditionalCheckFailed') return false;
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
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.cierre(fecha),
          tipo: ENTITY.cierre,
          fecha,
          estado: 'en_curso',
          ejecucion,
          iniciado_en: now.toISOString(),
          bloqueo_hasta: now.getTime() + duracionBloqueo(),
        },
        ConditionExpression: 'attribute_not_exists(pk) OR (estado = :en_curso AND bloqueo_hasta < :ahora)',
        ExpressionAttributeValues: { ':en_curso': 'en_curso', ':ahora': now.getTime() },
      }),
    );
    return null;
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
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
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.cierre(fecha),
        UpdateExpression: 'SET bloqueo_hasta = :hasta',
        ConditionExpression: 'ejecucion = :e AND estado = :en_curso',
        ExpressionAttributeValues: { ':hasta': Date.now() + duracionBloqueo(), ':e': ejecucion, ':en_curso': 'en_curso' },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
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

  const r = vacio(fecha, 'cerrado');
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi3',
        // every credit the close of fecha can change (its proxima_revision is on or before fecha)
        KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk < :hasta',
        ExpressionAttributeValues: { ':pk': AL_COBRO, ':hasta': sumarDias(fecha, 1) },
        ProjectionExpression: 'id, ultimo_cierre',
        Limit: PAGINA,
        ExclusiveStartKey: start,
      }),
    );
    start = out.LastEvaluatedKey;
    const porCerrar = (out.Items ?? []).filter((x) => !(typeof x.ultimo_cierre === 'string' && x.ultimo_cierre >= fecha));
    await poolDe(porCerrar, PARALELO, async (x) => {
      let c: CierreDeCredito;
      try {
        c = await cerrarCreditoEnFecha(String(x.id), fecha, now, hasta);
      } catch (error) {
        if (!(error instanceof CreditoInconsistente)) throw error;
        // not written, logged by recalcular; the close reports it and goes on with the others
        r.creditos_revisados++;
        r.creditos_con_error.push(error.numeroCredito);
        return;
      }
      r.creditos_revisados++;
      if (c.actualizado) r.creditos_actualizados++;
      r.mora_devengada_centimos += c.moraCentimos;
      r.avisos_vencimiento += c.avisos;
    });
    if (!(await renovar(fecha, ejecucion))) return { ...r, estado: 'en_curso' };
  } while (start);

  r.recordatorios = await recordatorios(sumarDias(fecha, 3), now);

  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.cierre(fecha),
      UpdateExpression: 'SET estado = :completado, resultado = :r, terminado_en = :t REMOVE bloqueo_hasta',
      ConditionExpression: 'ejecucion = :e',
      ExpressionAttributeValues: { ':completado': 'completado', ':r': r, ':t': new Date().toISOString(), ':e': ejecucion },
    }),
  );
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.cierreUltimo(),
        UpdateExpression: 'SET fecha = :f, tipo = :tipo',
        ConditionExpression: 'attribute_not_exists(pk) OR fecha < :f',
        ExpressionAttributeValues: { ':f': fecha, ':tipo': ENTITY.cierre },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
  logger.info('cierre diario', { ...r });
  return r;
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
