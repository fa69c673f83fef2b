import { DEFAULT_TIMEZONE, fechaNegocio } from '@cuota/shared';
import { enCartera } from '@cuota/shared/schemas/lending';
import { batchGetAll, queryAll, tableName } from '#commons/db';
import { ENTITY, keys, stripKeys } from '#commons/keys';
import { itemFor } from '#commons/items';
import { logger } from '#commons/logger';
import type { Accion } from '#commons/transaccion';
import { obtenerValorConfiguracion } from '#features/configuracion/index';
import { normalizarCuota, type CuotaSaldo, type TerminosCredito } from './domain';
import { liquidacionCredito, type Liquidacion } from './liquidacion';
import { sinAtrasoSinAlerta } from './promesas';
import {
  conReglasDeLiquidacion,
  CreditoInconsistente,
  cuotasCambiadas,
  liquidacionReglasPrevias,
  problemasDeCredito,
  problemasDeResumen,
  recalcularCredito,
  type CabeceraCredito,
  type CreditoRecalculado,
  type PagoValorado,
} from './recalculo';

/**
 * DynamoDB adapter for a credit and its cuotas, shared by payment approval and the daily close.
 * Every change to a credit is conditional on its `version` and bumps it; its cuotas are only
 * written in the same transaction, so the credit's version guards them too.
 */

/** One action of a TransactWrite (written through commons/transaccion). */
export type TransactItem = Accion;
type Item = Record<string, unknown>;

export interface CreditoCargado {
  credito: Item;
  cuotas: CuotaSaldo[];
  /** The payments applied to it (its ledger's 'pago' movements not reversed), in no particular order. */
  pagos: PagoValorado[];
  /** The ledger movement item of each applied payment, by pago_id. */
  movimientos: Map<string, Item>;
}

/** A ledger movement of type 'pago' as the engine replays it. */
export function pagoValorado(m: Item): PagoValorado {
  return {
    pago_id: String(m.pago_id),
    fecha_valor: String(m.fecha_valor),
    monto_centimos: Number(m.monto_centimos),
    orden: String(m.id),
    ...(m.excedente === 'reducir_plazo' || m.excedente === 'reducir_cuota' ? { excedente: m.excedente } : {}),
  };
}

/**
 * The credit's schedule generation: how many times it was restructured. Payment movements carry
 * the generation of the credit they were written with (`calendario`), read in the same
 * transaction, conditional on the credit's version, that writes them.
 */
export const calendarioDe = (credito: Item): number => Number(credito.reestructuraciones ?? 0);

/**
 * A restructured credit (reestructuracion feature) is replayed from its new schedule: its
 * principal is that schedule's capital (`capital_base_centimos`), its first period starts on the
 * restructuring date (`fecha_base`) and the payments applied before it paid the replaced schedule:
 * those of an earlier generation (`calendario`). A restructuring's version condition makes a
 * concurrent payment either commit before it (earlier generation) or re-read and retry after.
 * Movements written before generations were stamped fall back to the id order: older than
 * `reestructuracion_base`, the restructuring movement's id.
 */
const anteriorALaBase = (credito: Item, m: Item) => {
  if (typeof credito.reestructuracion_base !== 'string') return false;
  if (typeof m.calendario === 'number') return m.calendario < calendarioDe(credito);
  return String(m.id) < credito.reestructuracion_base;
};

/** The first day of the credit's current schedule: its disbursement, or its last restructuring. */
export const fechaInicioCalendario = (credito: Item): string | null =>
  typeof credito.fecha_base === 'string'
    ? credito.fecha_base
    : typeof credito.fecha_desembolso === 'string'
      ? credito.fecha_desembolso
      : null;

export function cabeceraDe(credito: Item): CabeceraCredito {
  return {
    numero_credito: String(credito.numero_credito ?? credito.id),
    monto_principal_centimos: Number(credito.capital_base_centimos ?? credito.monto_principal_centimos),
    plazo_meses: Number(credito.plazo_meses),
  };
}

/** The credit, all its cuotas and its ledger: one strongly consistent query of its partition. */
export async function cargarCredito(id: string): Promise<CreditoCargado | null> {
  const { items } = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.credito(id).pk },
    ConsistentRead: true,
  });
  const credito = items.find((i) => i.tipo === ENTITY.credito);
  if (!credito) return null;
  const cuotas = items
    .filter((i) => i.tipo === ENTITY.cuota)
    .map(normalizarCuota)
    .sort((a, b) => a.numero_cuota - b.numero_cuota);
  // a payment with a 'reversion' movement is no longer applied: the replay skips it
  const ledger = items.filter((i) => i.tipo === ENTITY.movimiento);
  const revertidos = new Set(ledger.filter((m) => m.tipo_movimiento === 'reversion').map((m) => String(m.pago_id)));
  const movimientos = new Map(
    ledger
      .filter((m) => m.tipo_movimiento === 'pago' && !revertidos.has(String(m.pago_id)) && !anteriorALaBase(credito, m))
      .map((m) => [String(m.pago_id), m]),
  );
  return { credito, cuotas, pagos: [...movimientos.values()].map(pagoValorado), movimientos };
}

/**
 * Whether the credit's ledger is known to hold no payment without reading it: nothing but the daily
 * close has written the credit since that close found its ledger empty (`version_sin_pagos` is the
 * version it wrote), or the credit is as its disbursement wrote it (version 1, never closed nor
 * recomputed). A payment is only ever written with an update of its credit that bumps the version.
 */
export function libroSinPagos(credito: Item): boolean {
  const v = credito.version;
  if (typeof v !== 'number') return false;
  if (credito.version_sin_pagos === v) return true;
  return v === 1 && credito.ultimo_cierre === undefined && credito.calculado_hasta === undefined;
}

/** Keys per BatchGetItem request (DynamoDB's limit). */
const CLAVES_POR_LECTURA = 100;

/**
 * Many credits for the daily close with few requests. The close's gsi3 page already holds each
 * credit item (the index projects every attribute): a credit whose ledger is known to hold no
 * payment (libroSinPagos) gets only its cuotas 1…plazo read by key, strongly consistent, up to 100
 * keys per BatchGet, the BatchGets in parallel (not one query of the partition each). Any other
 * credit — its ledger may hold payments, a cuota says something was paid, its plazo is unknown or
 * the page's copy is not one the close can write — is left for the caller to read whole with
 * cargarCredito (porConsultar), ledger included, before anything is computed from it.
 * The page's copy of a credit may be older than its cuotas (a payment or another run wrote it
 * since): the close's update is conditional on the version of that copy, so it is then cancelled
 * and the credit re-read; nothing computed from an old copy is ever written.
 */
export async function cargarPorClave(
  pedidos: ReadonlyArray<{ id: string; credito: Item }>,
): Promise<{ cargados: Map<string, CreditoCargado | null>; porConsultar: string[] }> {
  const cargados = new Map<string, CreditoCargado | null>();
  const porConsultar: string[] = [];
  const porClave: Array<{ id: string; credito: Item; plazo: number }> = [];
  for (const { id, credito } of pedidos) {
    const plazo = credito.plazo_meses;
    const legible = typeof plazo === 'number' && Number.isInteger(plazo) && plazo > 0 && enCartera(credito.estado);
    if (legible && libroSinPagos(credito)) {
      porClave.push({ id, credito, plazo });
    } else porConsultar.push(id);
  }
  // each credit's cuotas in one request (a credit of more than 100 cuotas spans several)
  const lecturas: Array<ReturnType<typeof keys.cuota>[]> = [[]];
  for (const p of porClave) {
    const claves = Array.from({ length: p.plazo }, (_, k) => keys.cuota(p.id, k + 1));
    if (lecturas.at(-1)!.length + claves.length > CLAVES_POR_LECTURA) lecturas.push([]);
    lecturas.at(-1)!.push(...claves);
  }
  const leidos = await Promise.all(lecturas.filter((l) => l.length > 0).map((l) => batchGetAll(l, { consistent: true })));
  const items = leidos.flat();
  let k = 0;
  for (const p of porClave) {
    const cuotas = items
      .slice(k, k + p.plazo)
      .filter((i): i is Item => i !== undefined)
      .map(normalizarCuota)
      .sort((a, b) => a.numero_cuota - b.numero_cuota);
    k += p.plazo;
    const pagado = cuotas.some((c) => c.pagado_capital_centimos + c.pagado_interes_centimos + c.pagado_mora_centimos > 0);
    // a cuota missing (a credit half-written, or gone) is for the whole read to judge, as is anything paid
    if (pagado || cuotas.length !== p.plazo) porConsultar.push(p.id);
    else cargados.set(p.id, { credito: p.credito, cuotas, pagos: [], movimientos: new Map() });
  }
  return { cargados, porConsultar };
}

/**
 * The credit's lending terms. Credits disbursed from a product carry them (copied at approval);
 * without a tasa moratoria the ordinary rate applies to overdue capital, without tolerance days
 * there is no grace period.
 */
export function terminosDe(credito: Item): TerminosCredito {
  const tasa =
    typeof credito.tasa_moratoria_anual === 'string' ? credito.tasa_moratoria_anual : String(credito.tasa_interes_anual ?? '0');
  return {
    fecha_primer_vencimiento: typeof credito.fecha_primer_vencimiento === 'string' ? credito.fecha_primer_vencimiento : null,
    dias_tolerancia: typeof credito.dias_tolerancia === 'number' ? credito.dias_tolerancia : 0,
    tasa_moratoria_anual: tasa,
    tasa_interes_anual: typeof credito.tasa_interes_anual === 'string' ? credito.tasa_interes_anual : undefined,
    fecha_desembolso: fechaInicioCalendario(credito),
    metodo_amortizacion: credito.metodo_amortizacion === 'capital_constante' ? 'capital_constante' : 'cuota_nivelada',
    ...(typeof credito.reglas_motor === 'number' ? { reglas_motor: credito.reglas_motor } : {}),
  };
}

const INDEX_ATTRS = [
  'gsi1pk',
  'gsi1sk',
  'gsi2pk',
  'gsi2sk',
  'gsi3pk',
  'gsi3sk',
  'gsi4pk',
  'gsi4sk',
  'gsi5pk',
  'gsi5sk',
  'zona_norm',
] as const;

/**
 * Update of a credit: the changed fields plus every index attribute as itemFor.credito derives
 * them from the new state (gsi2 by estado, gsi3 by next due date, gone once cancelado),
 * conditional on the version that was read.
 */
export function creditoUpdate(
  prev: Item,
  cambios: Item,
  now: Date,
  /** An extra condition ANDed with the version's, e.g. the daily close's `ultimo_cierre < :fecha`. */
  extra?: { expresion: string; nombres?: Record<string, string>; valores?: Record<string, unknown> },
): TransactItem {
  const version = typeof prev.version === 'number' ? prev.version : 0;
  // a broken-promise alert goes once nothing is overdue, whoever writes the credit (cierre/promesas.ts)
  const todos = 'promesa_incumplida' in cambios ? cambios : { ...cambios, ...sinAtrasoSinAlerta(prev, cambios) };
  const next = itemFor.credito({ ...(stripKeys(prev) as Parameters<typeof itemFor.credito>[0]), ...todos });
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const removes: string[] = [];
  const set = (k: string, v: unknown) => {
    const i = sets.length;
    names[`#s${i}`] = k;
    values[`:s${i}`] = v;
    sets.push(`#s${i} = :s${i}`);
  };
  for (const [k, v] of Object.entries(todos)) set(k, v);
  for (const k of INDEX_ATTRS) {
    if (next[k] !== undefined) {
      if (next[k] !== prev[k]) set(k, next[k]);
    } else if (prev[k] !== undefined) {
      names[`#r${removes.length}`] = k;
      removes.push(`#r${removes.length}`);
    }
  }
  set('version', version + 1);
  set('updated_at', now.toISOString());
  const conVersion = typeof prev.version === 'number';
  names['#v'] = 'version';
  if (conVersion) values[':v'] = version;
  return {
    Update: {
      TableName: tableName(),
      Key: keys.credito(String(prev.id)),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: `${conVersion ? '#v = :v' : 'attribute_exists(pk) AND attribute_not_exists(#v)'}${extra ? ` AND (${extra.expresion})` : ''}`,
      ExpressionAttributeNames: { ...names, ...extra?.nombres },
      ExpressionAttributeValues: { ...values, ...extra?.valores },
    },
  };
}

/**
 * The tracked fields of a cuota. Its schedule amounts change only when a prepayment with a choice
 * re-amortised it (reprogramacion.ts): then the revised amounts are written, and the original
 * ones are kept in programado_* (the replay starts from them).
 */
export function cuotaUpdate(creditoId: string, c: CuotaSaldo): TransactItem {
  // the replay always knows the original amounts; the schedule ones are written with them (a later
  // backdated payment may undo a re-amortisation)
  const reprogramada = c.programado_capital_centimos !== undefined && c.programado_interes_centimos !== undefined;
  const montos = reprogramada
    ? {
        ':mc': c.monto_capital_centimos,
        ':mi': c.monto_interes_centimos,
        ':mt': c.monto_capital_centimos + c.monto_interes_centimos,
        ':oc': c.programado_capital_centimos,
        ':oi': c.programado_interes_centimos,
      }
    : {};
  return {
    Update: {
      TableName: tableName(),
      Key: keys.cuota(creditoId, c.numero_cuota),
      UpdateExpression:
        'SET pagado_capital_centimos = :pc, pagado_interes_centimos = :pi, pagado_mora_centimos = :pm, ' +
        'interes_condonado_centimos = :ic, monto_mora_centimos = :mm, dias_mora = :dm, pagada = :p, pagada_en = :pe' +
        (reprogramada
          ? ', monto_capital_centimos = :mc, monto_interes_centimos = :mi, monto_total_centimos = :mt, ' +
            'programado_capital_centimos = :oc, programado_interes_centimos = :oi'
          : ''),
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ...montos,
        ':pc': c.pagado_capital_centimos,
        ':pi': c.pagado_interes_centimos,
        ':pm': c.pagado_mora_centimos,
        ':ic': c.interes_condonado_centimos,
        ':mm': c.monto_mora_centimos,
        ':dm': c.dias_mora,
        ':p': c.pagada,
        ':pe': c.pagada_en,
      },
    },
  };
}

/**
 * The lender's time zone (setting `timezone`, default America/Costa_Rica): the zone {@link fechaHoy}
 * reads today in, and the one the close's deadline is measured in. A zone the runtime does not know,
 * or a setting that cannot be read, gives the default.
 */
export async function zonaDeNegocio(now: Date = new Date()): Promise<string> {
  let zona = DEFAULT_TIMEZONE;
  try {
    zona = (await obtenerValorConfiguracion('timezone')) || DEFAULT_TIMEZONE;
    fechaNegocio(now, zona); // throws on an unknown zone
    return zona;
  } catch (error) {
    logger.warn('zona horaria inválida; se usa la predeterminada', { zona, error: (error as Error).message });
    return DEFAULT_TIMEZONE;
  }
}

/** The lender's business date at `now` and the zone it was read in ({@link zonaDeNegocio}). */
export async function hoyDelNegocio(now: Date = new Date()): Promise<{ fecha: string; zona: string }> {
  const zona = await zonaDeNegocio(now);
  return { fecha: fechaNegocio(now, zona), zona };
}

/** The lender's business date (setting `timezone`, default America/Costa_Rica). */
export async function fechaHoy(now: Date = new Date()): Promise<string> {
  return (await hoyDelNegocio(now)).fecha;
}

// ---------------------------------------------------------------- recomputing a credit

export interface CreditoRecalculadoParaEscribir {
  r: CreditoRecalculado;
  /** numero_cuota of the cuotas whose item changes. */
  cambiadas: number[];
  /** The cuota updates to write with the credit's. */
  cuotaItems: TransactItem[];
}

/**
 * Recomputes a loaded credit from its schedule and `pagos` as of `hasta` (recalculo.ts), after
 * checking that its stored cuotas are whole and come from its ledger, and checks the result keeps
 * principal = saldo_capital + Σ capital applied. A credit that fails either is refused with
 * CreditoInconsistente and an error log naming it: its summary is never written.
 */
export function recalcular(
  cargado: CreditoCargado,
  pagos: readonly PagoValorado[],
  hasta: string,
): CreditoRecalculadoParaEscribir {
  const { credito, cuotas } = cargado;
  const cabecera = cabeceraDe(credito);
  const antes = problemasDeCredito(cabecera, cuotas, cargado.pagos);
  if (antes.length > 0) throw inconsistente(credito, antes);
  const r = recalcularCredito({ cuotas, pagos, terminos: terminosDe(credito), hasta });
  const despues = problemasDeResumen(cabecera, r);
  if (despues.length > 0) throw inconsistente(credito, despues);
  const cambiadas = cuotasCambiadas(cuotas, r.cuotas);
  const set = new Set(cambiadas);
  return {
    r,
    cambiadas,
    cuotaItems: r.cuotas.filter((c) => set.has(c.numero_cuota)).map((c) => cuotaUpdate(String(credito.id), c)),
  };
}

/**
 * The payoff of a loaded credit on value date `fecha` (≥ its last payment's value date): the credit
 * replayed to `fecha` (mora accrued to it), checked like any recompute, then liquidacionCredito.
 */
export function liquidacionAl(cargado: CreditoCargado, fecha: string): Liquidacion {
  const { r } = recalcular(cargado, cargado.pagos, fecha);
  const credito = cargado.credito;
  const liq = liquidacionCredito(r.cuotas, fecha, {
    tasa_interes_anual: typeof credito.tasa_interes_anual === 'string' ? credito.tasa_interes_anual : '0',
    fecha_desembolso: fechaInicioCalendario(credito),
  });
  return conReglasDeLiquidacion(terminosDe(credito)) ? liq : liquidacionReglasPrevias(liq, r.cuotas, fecha);
}

function inconsistente(credito: Item, problemas: string[]): CreditoInconsistente {
  const error = new CreditoInconsistente(String(credito.numero_credito ?? credito.id), problemas);
  logger.error('crédito inconsistente: no se escribe su resumen', {
    credito_id: String(credito.id),
    numero_credito: error.numeroCredito,
    problemas,
  });
  return error;
}

/** The date the credit's stored state was computed to (null: never recomputed). */
export function calculadoHasta(credito: Item): string | null {
  const fechas = [credito.calculado_hasta, credito.ultimo_cierre].filter((f): f is string => typeof f === 'string');
  return fechas.length > 0 ? fechas.reduce((a, b) => (a > b ? a : b)) : null;
}
