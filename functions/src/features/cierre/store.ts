import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { formatCRC, sumarDias, TEXTS, type CierreFecha } from '@cuota/shared';
import { ulid } from 'ulid';
import { ddb, tableName } from '#commons/db';
import { AL_COBRO } from '#commons/items';
import { ENTITY, keys } from '#commons/keys';
import { logger } from '#commons/logger';
import { notificacionPut } from '#commons/registro';
import { getCliente } from '../clientes/store';
import {
  cargarCredito,
  creditoUpdate,
  cuotaUpdate,
  motivosCancelacion,
  pausa,
  terminosDe,
  transact,
  type TransactItem,
} from './cartera';
import { cerrarCredito, pendiente } from './domain';

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
 * Only credits that can change are read: gsi3 'CREDITOS#AL_COBRO' sorted by the due date of the
 * oldest unpaid cuota, up to the date (cost grows with the loans due, not with the portfolio).
 */

/**
 * How long a run holds a date without renewing it (renewed after every page). A run that died
 * blocks the date this long; `CIERRE_LEASE_MS` shortens it (the local crash-safety test does).
 */
export function duracionBloqueo(env: NodeJS.ProcessEnv = process.env): number {
  const ms = Number(env.CIERRE_LEASE_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : 5 * 60_000;
}
/** Dates one run closes at most (catch-up after a long outage continues on the next run). */
export const MAX_FECHAS_POR_EJECUCION = 62;
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

/** Closes one credit for `fecha` (see the header, level 2). */
export async function cerrarCreditoEnFecha(id: string, fecha: string, now = new Date()): Promise<CierreDeCredito> {
  for (let intento = 0; intento < INTENTOS; intento++) {
    if (intento > 0) await pausa(intento);
    const cargado = await cargarCredito(id);
    if (!cargado) return { actualizado: false, moraCentimos: 0, avisos: 0 };
    const { credito, cuotas } = cargado;
    const ultimo = typeof credito.ultimo_cierre === 'string' ? credito.ultimo_cierre : null;
    if (credito.estado === 'cancelado' || (ultimo && ultimo >= fecha)) return { actualizado: false, moraCentimos: 0, avisos: 0 };

    const r = cerrarCredito({ cuotas, terminos: terminosDe(credito), ultimoCierre: ultimo, fecha });
    const cambiadas = new Set(r.cambiadas);
    const items: TransactItem[] = [
      creditoUpdate(credito, { ...r.resumen, ultimo_cierre: fecha }, now, {
        expresion: 'attribute_not_exists(#uc) OR #uc < :fecha',
        nombres: { '#uc': 'ultimo_cierre' },
        valores: { ':fecha': fecha },
      }),
      ...r.cuotas.filter((c) => cambiadas.has(c.numero_cuota)).map((c) => cuotaUpdate(id, c)),
    ];
    let avisos = 0;
    if (r.nuevasVencidas.length > 0) {
      const cliente = await getCliente(String(credito.cliente_id));
      if (cliente?.user_id) {
        for (const c of r.nuevasVencidas) {
          items.push(
            notificacionPut({
              user_id: cliente.user_id,
              tipo: 'warning',
              titulo: TEXTS.cierre.vencidaTitulo,
              mensaje: TEXTS.cierre.vencida(c.numero_cuota, String(credito.numero_credito), ddmmaaaa(c.fecha_vencimiento)),
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
      return { actualizado: true, moraCentimos: r.moraDevengada, avisos };
    } catch (error) {
      if (!motivosCancelacion(error)) throw error;
      // a payment or another run changed the credit: re-read; if it is closed now, nothing to do
    }
  }
  throw new Error(`no se pudo cerrar el crédito ${id} para ${fecha}: demasiados conflictos`);
}

// ---------------------------------------------------------------- reminders

/** 'Recordatorio de pago' to the client of each credit whose oldest unpaid cuota falls due on `vence` (at most once per cuota). */
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
        titulo: TEXTS.cierre.recordatorioTitulo,
        mensaje: TEXTS.cierre.recordatorio(
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
  if (m.estado === 'completado' && m.resultado) return { ...(m.resultado as CierreFecha), estado: 'ya_cerrado' };
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

/** Closes one business date (header, level 1), unless it is closed or being closed. */
export async function cerrarFecha(fecha: string, now = new Date()): Promise<CierreFecha> {
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
        // every credit whose oldest unpaid cuota is due on or before fecha
        KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk < :hasta',
        ExpressionAttributeValues: { ':pk': AL_COBRO, ':hasta': sumarDias(fecha, 1) },
        ProjectionExpression: 'id',
        Limit: PAGINA,
        ExclusiveStartKey: start,
      }),
    );
    start = out.LastEvaluatedKey;
    await poolDe(out.Items ?? [], PARALELO, async (x) => {
      const c = await cerrarCreditoEnFecha(String(x.id), fecha, now);
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
 * system starts at `hasta`), at most MAX_FECHAS_POR_EJECUCION; `hasta` itself when it is
 * already closed (answers ya_cerrado).
 */
export function fechasPendientes(ultimo: string | null, hasta: string): string[] {
  if (!ultimo || ultimo >= hasta) return [hasta];
  const out: string[] = [];
  for (let f = sumarDias(ultimo, 1); f <= hasta && out.length < MAX_FECHAS_POR_EJECUCION; f = sumarDias(f, 1)) out.push(f);
  return out;
}

/** Closes every pending business date up to `hasta`, in order; stops at a date another run is closing. */
export async function ejecutarCierres(hasta: string, now = new Date()): Promise<CierreFecha[]> {
  const out: CierreFecha[] = [];
  for (const fecha of fechasPendientes(await ultimoCierre(), hasta)) {
    const r = await cerrarFecha(fecha, now);
    out.push(r);
    if (r.estado === 'en_curso') break;
  }
  return out;
}
