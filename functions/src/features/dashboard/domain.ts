/**
 * Portfolio aggregates as pure functions (no AWS imports).
 *
 * Every entity (credito, solicitud, pago, cliente, notificacion) *contributes* fixed amounts to a
 * few aggregate items: e.g. a vencido credit adds 1 to creditos_vencido and its saldo_capital to
 * capital_vencido_centimos. The stream consumer stores each entity's current contribution and, on
 * every change, applies only the difference (new − stored). Aggregates are then exactly the sum of
 * the contributions of the entities as they are now, whatever order the changes arrive in.
 */
import { contribucionCobranza } from '#entities/cobranza';
import {
  CREDITO_ESTADOS,
  diasEntre,
  roundHalfEven,
  sumarDias,
  sumarMeses,
  TRAMOS_MORA,
  type AlertaDashboard,
  type TramoMora,
} from '@cuota/shared';
import { enCartera } from '@cuota/shared/schemas/lending';
import { dashboardTexts } from '@cuota/shared/texts/dashboard';
import { aggKeys, ENTITY } from '#commons/keys';
import { campoCreditoActivo, campoCreditoCastigado, campoRecuperacion, CLAVE_RIESGO, esRecuperacion } from './riesgo';

/** aggregate key ("pk|sk") → field → amount. Zero amounts are left out. */
export type Contribucion = Record<string, Record<string, number>>;
export interface ClaveAgregado {
  pk: string;
  sk: string;
}

export const claveDe = (k: ClaveAgregado): string => `${k.pk}|${k.sk}`;
export function claveDesde(texto: string): ClaveAgregado {
  const i = texto.indexOf('|');
  return { pk: texto.slice(0, i), sk: texto.slice(i + 1) };
}

const AGG = {
  cartera: aggKeys.cartera(),
  solicitudes: aggKeys.solicitudes(),
  pagos: aggKeys.pagos(),
  pagosDia: aggKeys.pagosDia,
  mes: aggKeys.mes,
  clientesPerfil: aggKeys.clientesPerfil(),
  clientesNuevosDia: aggKeys.clientesNuevosDia,
  noLeidas: aggKeys.notificacionesNoLeidas,
  segmentosCliente: aggKeys.segmentosCliente,
};

/** Entity types (the item's `tipo`) that contribute to aggregates. */
export const ENTIDADES_AGREGADAS = [ENTITY.credito, ENTITY.solicitud, ENTITY.pago, ENTITY.cliente, ENTITY.notificacion] as const;
export type EntidadAgregada = (typeof ENTIDADES_AGREGADAS)[number];
export const esEntidadAgregada = (tipo: unknown): tipo is EntidadAgregada =>
  typeof tipo === 'string' && (ENTIDADES_AGREGADAS as readonly string[]).includes(tipo);

export interface ContextoContribucion {
  /** Business date (YYYY-MM-DD) of the change, in the lender's time zone. */
  fecha: string;
  /** ISO timestamp → business date in the lender's time zone. */
  fechaDe: (iso: string) => string;
}

type Item = Record<string, unknown>;
const entero = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0);
const texto = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

function sumar(c: Contribucion, k: ClaveAgregado, campos: Record<string, number>): void {
  const key = claveDe(k);
  for (const [campo, valor] of Object.entries(campos)) {
    if (valor === 0) continue;
    const destino = (c[key] ??= {});
    destino[campo] = (destino[campo] ?? 0) + valor;
  }
}

/**
 * Days the credit's oldest unpaid cuota is overdue on `fecha`. The daily close stores it as
 * `dias_mora_max`; without it (credits the close has not touched yet) it follows from
 * `proximo_vencimiento`, the due date of the oldest unpaid cuota.
 */
export function diasMoraCredito(credito: Item, fecha: string): number {
  if (typeof credito.dias_mora_max === 'number') return Math.max(0, Math.trunc(credito.dias_mora_max));
  const proximo = texto(credito.proximo_vencimiento);
  return proximo && proximo < fecha ? diasEntre(proximo, fecha) : 0;
}

export function tramoMora(dias: number): TramoMora | null {
  if (dias <= 0) return null;
  if (dias <= 30) return '1_30';
  if (dias <= 60) return '31_60';
  if (dias <= 90) return '61_90';
  return 'mas_90';
}

/** What one entity, as it is now, adds to the aggregates. */
export function contribucion(tipo: EntidadAgregada, item: Item, ctx: ContextoContribucion): Contribucion {
  const c: Contribucion = {};
  switch (tipo) {
    case 'credito': {
      const estado = texto(item.estado);
      if (!estado || !(CREDITO_ESTADOS as readonly string[]).includes(estado)) break;
      const capital = entero(item.saldo_capital_centimos);
      const mora = entero(item.saldo_mora_centimos);
      sumar(c, AGG.cartera, { [`creditos_${estado}`]: 1, [`capital_${estado}_centimos`]: capital });
      // a castigado credit is out of the active portfolio: its mora is written off, not owed to PAR
      if (mora > 0 && estado !== 'castigado') sumar(c, AGG.cartera, { mora_centimos: mora, creditos_con_mora: 1 });
      if (enCartera(estado)) {
        const dias = diasMoraCredito(item, ctx.fecha);
        const tramo = tramoMora(dias);
        if (tramo) sumar(c, AGG.cartera, { [`aging_${tramo}_creditos`]: 1, [`aging_${tramo}_capital_centimos`]: capital });
        sumar(c, CLAVE_RIESGO, campoCreditoActivo(item, dias));
      }
      // the collections worklist's per-bucket totals (cobranza/domain.ts)
      for (const [k, campos] of contribucionCobranza(item)) sumar(c, k, campos);
      if (estado === 'castigado') sumar(c, CLAVE_RIESGO, campoCreditoCastigado(item));
      // Communication segments (comunicacion/segmentos-stream follows this per-client item):
      // activo = vigente or al_dia (spec §4 "count as active"); moroso = vencido or saldo_mora > 0.
      const clienteId = texto(item.cliente_id);
      if (clienteId && estado !== 'cancelado' && estado !== 'refinanciado') {
        sumar(c, AGG.segmentosCliente(clienteId), {
          creditos_activos: estado === 'vigente' || estado === 'al_dia' ? 1 : 0,
          creditos_morosos: estado === 'vencido' || mora > 0 ? 1 : 0,
        });
      }
      const desembolso = texto(item.fecha_desembolso);
      // a refinanciamiento's new credit is not a disbursement: no money went out (reestructuracion/refinanciamiento.ts)
      if (desembolso && item.canal_desembolso !== 'refinanciamiento') {
        sumar(c, AGG.mes(desembolso.slice(0, 7)), {
          desembolsos: 1,
          desembolsado_centimos: entero(item.monto_principal_centimos),
        });
      }
      break;
    }
    case 'solicitud': {
      const estado = texto(item.estado);
      if (estado) sumar(c, AGG.solicitudes, { [`solicitudes_${estado}`]: 1 });
      break;
    }
    case 'pago': {
      const monto = entero(item.monto_centimos);
      const fechaPago = texto(item.fecha_pago);
      if (item.estado === 'registrado') sumar(c, AGG.pagos, { pendientes: 1, pendientes_centimos: monto });
      if (item.estado === 'conciliado' && fechaPago) {
        sumar(c, AGG.pagosDia(fechaPago), { recibidos: 1, recibidos_centimos: monto });
        const conciliadoEn = texto(item.conciliado_en);
        sumar(c, AGG.pagosDia(conciliadoEn ? ctx.fechaDe(conciliadoEn) : ctx.fecha), {
          conciliados: 1,
          conciliados_centimos: monto,
        });
        // a payment on a castigado credit is a recovery, counted apart from portfolio collection
        if (esRecuperacion(item)) {
          sumar(c, CLAVE_RIESGO, campoRecuperacion(item));
          sumar(c, AGG.mes(fechaPago.slice(0, 7)), { recuperaciones: 1, recuperado_centimos: monto });
        } else
          sumar(c, AGG.mes(fechaPago.slice(0, 7)), {
            cobros: 1,
            cobrado_centimos: monto,
            cobrado_capital_centimos: entero(item.aplicado_capital_centimos),
            cobrado_interes_centimos: entero(item.aplicado_interes_centimos),
            cobrado_mora_centimos: entero(item.aplicado_mora_centimos),
          });
      }
      break;
    }
    case 'cliente': {
      const riesgo = texto(item.riesgo);
      const banda = riesgo === 'bajo' || riesgo === 'medio' || riesgo === 'alto' ? riesgo : 'sin_riesgo';
      sumar(c, AGG.clientesPerfil, { [`riesgo_${banda}`]: 1, kyc_completo: item.kyc_completado === true ? 1 : 0 });
      const creado = texto(item.created_at);
      if (creado) sumar(c, AGG.clientesNuevosDia(ctx.fechaDe(creado)), { nuevos: 1 });
      // the 'todos' segment: every existing client
      const id = texto(item.id);
      if (id) sumar(c, AGG.segmentosCliente(id), { cliente: 1 });
      break;
    }
    case 'notificacion': {
      const userId = texto(item.user_id);
      if (userId && item.leida !== true) sumar(c, AGG.noLeidas(userId), { no_leidas: 1 });
      break;
    }
  }
  return c;
}

/** new − old, per aggregate and field, zeros left out. */
export function diferencia(anterior: Contribucion, nueva: Contribucion): Contribucion {
  const d: Contribucion = {};
  for (const key of new Set([...Object.keys(anterior), ...Object.keys(nueva)])) {
    const a = anterior[key] ?? {};
    const n = nueva[key] ?? {};
    for (const campo of new Set([...Object.keys(a), ...Object.keys(n)])) {
      const delta = (n[campo] ?? 0) - (a[campo] ?? 0);
      if (delta !== 0) (d[key] ??= {})[campo] = delta;
    }
  }
  return d;
}

export const esVacia = (c: Contribucion): boolean => Object.keys(c).length === 0;

/** a + b, per aggregate and field, zeros left out (several entities' deltas in one write). */
export function sumarContribuciones(a: Contribucion, b: Contribucion): Contribucion {
  const out: Contribucion = {};
  for (const c of [a, b])
    for (const [clave, campos] of Object.entries(c))
      for (const [campo, valor] of Object.entries(campos)) (out[clave] ??= {})[campo] = (out[clave]?.[campo] ?? 0) + valor;
  return diferencia({}, out);
}

/**
 * Stream sequence numbers are decimal strings that grow for every change of one item
 * (DynamoDB keeps an item's changes in order, in one shard lineage).
 */
export function compararSecuencia(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export interface ContribucionAplicada {
  secuencia: string;
  contribucion: Contribucion;
}

export type Decision = { aplicar: false } | { aplicar: true; delta: Contribucion };

/**
 * What a change does given the contribution already applied for its entity: a record not newer
 * than the stored one (redelivered, or older and arriving late) does nothing; otherwise the
 * aggregates move by (new − stored) and the new contribution and sequence are stored — even when
 * the delta is empty, so that an older record arriving afterwards is still recognised as older.
 */
export function decidir(aplicada: ContribucionAplicada | null, secuencia: string, nueva: Contribucion): Decision {
  if (aplicada && compararSecuencia(secuencia, aplicada.secuencia) <= 0) return { aplicar: false };
  return { aplicar: true, delta: diferencia(aplicada?.contribucion ?? {}, nueva) };
}

// ---------------------------------------------------------------- reading the aggregates

/**
 * `part / whole × 100` as a decimal string with `decimales` digits, half-even: a share of a
 * whole, so always within 0–100. A whole of 0 (or less) gives 0; a part below 0 or above the
 * whole (counters that disagree, which the caller reports) is held to 0 or 100.
 */
export function porcentaje(parte: number, total: number, decimales: number): string {
  const t = Number.isFinite(total) ? Math.trunc(total) : 0;
  if (t <= 0) return (0).toFixed(decimales);
  const p = Math.min(t, Math.max(0, Number.isFinite(parte) ? Math.trunc(parte) : 0));
  const escala = 10n ** BigInt(decimales);
  const valor = roundHalfEven(BigInt(p) * 100n * escala, BigInt(t));
  const entera = valor / escala;
  if (decimales === 0) return `${entera}`;
  return `${entera}.${String(valor % escala).padStart(decimales, '0')}`;
}

/** Spec §9: vencidos / active credits (divisor at least 1) × 100, one decimal. */
export const tasaMorosidad = (vencidos: number, activos: number): string => porcentaje(vencidos, Math.max(1, activos), 1);

/** A counter of an aggregate item: its integer value, 0 when absent. */
const contador = (item: Item | undefined, campo: string): number => entero(item?.[campo]);

/** The portfolio figures of the dashboard, all from the one AGG#CARTERA item. */
export interface CifrasCartera {
  por_estado: Array<{ estado: (typeof CREDITO_ESTADOS)[number]; creditos: number; saldo_capital_centimos: number }>;
  /** Σ saldo_capital over vigente, al_dia and vencido. */
  cartera_activa_centimos: number;
  /** Credits in the active portfolio: vigente + al_dia + vencido. */
  creditos_activos: number;
  creditos_vencidos: number;
  tasa_morosidad: string;
  saldo_mora_centimos: number;
  creditos_con_mora: number;
  aging: Array<{ tramo: TramoMora; creditos: number; saldo_capital_centimos: number }>;
  par30: { capital_centimos: number; porcentaje: string };
  /** Counters that cannot be right (negative, or a part larger than its whole): to be logged. */
  incoherencias: string[];
}

/**
 * Every portfolio figure the dashboard shows, from the AGG#CARTERA item alone, so that each rate's
 * numerator is a subset of its denominator counted by the same contributions: the delinquency
 * rate divides the vencido credits by the credits of the active portfolio (vigente, al_dia AND
 * vencido — the credits the active portfolio sums), PAR30 divides the capital of active credits
 * more than 30 days late by the active portfolio. A negative counter reads as 0 (and is reported).
 */
export function cifrasCartera(cartera: Item | undefined): CifrasCartera {
  const incoherencias: string[] = [];
  const leer = (campo: string): number => {
    const v = contador(cartera, campo);
    if (v < 0) incoherencias.push(`${campo}=${v}`);
    return Math.max(0, v);
  };
  const por_estado = CREDITO_ESTADOS.map((estado) => ({
    estado,
    creditos: leer(`creditos_${estado}`),
    saldo_capital_centimos: leer(`capital_${estado}_centimos`),
  }));
  const activos = por_estado.filter((e) => enCartera(e.estado));
  const carteraActiva = activos.reduce((s, e) => s + e.saldo_capital_centimos, 0);
  const creditosActivos = activos.reduce((s, e) => s + e.creditos, 0);
  const vencidos = leer('creditos_vencido');
  const aging = TRAMOS_MORA.map((tramo) => ({
    tramo,
    creditos: leer(`aging_${tramo}_creditos`),
    saldo_capital_centimos: leer(`aging_${tramo}_capital_centimos`),
  }));
  const par30 = aging.filter((a) => a.tramo !== '1_30').reduce((s, a) => s + a.saldo_capital_centimos, 0);
  if (aging.reduce((s, a) => s + a.creditos, 0) > creditosActivos) incoherencias.push('aging_creditos>creditos_activos');
  if (par30 > carteraActiva) incoherencias.push('par30>cartera_activa');
  return {
    por_estado,
    cartera_activa_centimos: carteraActiva,
    creditos_activos: creditosActivos,
    creditos_vencidos: vencidos,
    tasa_morosidad: tasaMorosidad(vencidos, creditosActivos),
    saldo_mora_centimos: leer('mora_centimos'),
    creditos_con_mora: leer('creditos_con_mora'),
    aging,
    par30: { capital_centimos: par30, porcentaje: porcentaje(par30, carteraActiva, 2) },
    incoherencias,
  };
}

/** Whole days elapsed since an instant. */
export const diasDesde = (iso: string, ahora: Date): number =>
  Math.max(0, Math.floor((ahora.getTime() - Date.parse(iso)) / 86_400_000));

/** Spec §9 dashboard alerts: more than 5 vencido credits; the oldest pending solicitud more than 3 days old. */
export function alertasDashboard(vencidos: number, diasPendienteMasAntigua: number | null): AlertaDashboard[] {
  const alertas: AlertaDashboard[] = [];
  if (vencidos > 5) {
    alertas.push({
      tipo: 'cartera_mora',
      titulo: dashboardTexts.carteraMoraTitulo,
      mensaje: dashboardTexts.carteraMora(vencidos),
    });
  }
  if (diasPendienteMasAntigua !== null && diasPendienteMasAntigua > 3) {
    alertas.push({
      tipo: 'solicitudes_antiguas',
      titulo: dashboardTexts.solicitudesAntiguasTitulo,
      mensaje: dashboardTexts.solicitudesAntiguas(diasPendienteMasAntigua),
    });
  }
  return alertas;
}

/** The 12 months ending with the one of `fecha`, oldest first (YYYY-MM). */
export function ultimosMeses(fecha: string, n = 12): string[] {
  return Array.from({ length: n }, (_, i) => sumarMeses(`${fecha.slice(0, 7)}-01`, i - (n - 1)).slice(0, 7));
}

/** The 7 calendar days ending on `fecha` (the new-clients window, spec §9), oldest first. */
export function ultimosDias(fecha: string, n = 7): string[] {
  return Array.from({ length: n }, (_, i) => sumarDias(fecha, i - (n - 1)));
}
