import { diasEntre, sumarDias } from '@cuota/shared';

/**
 * Credit state rules shared by payment application and the daily close (lending-rules.md
 * "Payments and their application" and "Daily close of business"). Pure: no I/O, no clock.
 *
 * A cuota keeps its schedule (monto_capital/interes) untouched and tracks what has been paid of
 * each component (pagado_*), so a partial payment is exact and auditable. Interest of a future
 * cuota whose whole capital was prepaid is forgiven (interes_condonado), see aplicacion.ts.
 */

export type EstadoCredito = 'vigente' | 'al_dia' | 'vencido' | 'cancelado';

export interface CuotaSaldo {
  numero_cuota: number;
  fecha_vencimiento: string;
  monto_capital_centimos: number;
  monto_interes_centimos: number;
  /** Moratory interest accrued on this cuota so far (the daily close adds to it). */
  monto_mora_centimos: number;
  pagado_capital_centimos: number;
  pagado_interes_centimos: number;
  pagado_mora_centimos: number;
  interes_condonado_centimos: number;
  pagada: boolean;
  pagada_en: string | null;
  dias_mora: number;
  /** The original schedule's amounts, once a prepayment re-amortised the cuota (reprogramacion.ts). */
  programado_capital_centimos?: number;
  programado_interes_centimos?: number;
}

/** The credit's terms the rules need (copied from the product at disbursement). */
export interface TerminosCredito {
  fecha_primer_vencimiento: string | null;
  dias_tolerancia: number;
  /** Annual % as a decimal string, e.g. "36.40"; ≤ 1.3 × the ordinary rate (Código de Comercio art. 498). */
  tasa_moratoria_anual: string;
  /** Ordinary annual % and disbursement date: with them a payment covering the payoff cancels the credit (liquidacion.ts). */
  tasa_interes_anual?: string;
  fecha_desembolso?: string | null;
  /** How the schedule was made: a prepayment with a choice re-amortises with it (reprogramacion.ts). */
  metodo_amortizacion?: 'cuota_nivelada' | 'capital_constante';
  /**
   * The processing rules the credit was disbursed under (entities/credito.ts REGLAS_MOTOR): from 2
   * the payoff rule and the prepayment choice apply; absent, the replay is the one before them.
   */
  reglas_motor?: number;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * A cuota as stored, normalised: items written before per-component tracking existed (or by the
 * disbursement, which starts at zero) have no pagado_* fields; a cuota already marked pagada
 * without them was paid in full.
 */
export function normalizarCuota(item: Record<string, unknown>): CuotaSaldo {
  const pagada = item.pagada === true;
  const capital = num(item.monto_capital_centimos);
  const interes = num(item.monto_interes_centimos);
  const mora = num(item.monto_mora_centimos);
  const has = (k: string) => typeof item[k] === 'number';
  return {
    numero_cuota: num(item.numero_cuota),
    fecha_vencimiento: String(item.fecha_vencimiento),
    monto_capital_centimos: capital,
    monto_interes_centimos: interes,
    monto_mora_centimos: mora,
    pagado_capital_centimos: has('pagado_capital_centimos') ? num(item.pagado_capital_centimos) : pagada ? capital : 0,
    pagado_interes_centimos: has('pagado_interes_centimos') ? num(item.pagado_interes_centimos) : pagada ? interes : 0,
    pagado_mora_centimos: has('pagado_mora_centimos') ? num(item.pagado_mora_centimos) : pagada ? mora : 0,
    interes_condonado_centimos: num(item.interes_condonado_centimos),
    pagada,
    pagada_en: typeof item.pagada_en === 'string' ? item.pagada_en : null,
    dias_mora: num(item.dias_mora),
    ...(has('programado_capital_centimos') ? { programado_capital_centimos: num(item.programado_capital_centimos) } : {}),
    ...(has('programado_interes_centimos') ? { programado_interes_centimos: num(item.programado_interes_centimos) } : {}),
  };
}

/** What is still owed of each component of a cuota (never negative). */
export function pendiente(c: CuotaSaldo): { mora: number; interes: number; capital: number; total: number } {
  const mora = Math.max(0, c.monto_mora_centimos - c.pagado_mora_centimos);
  const interes = Math.max(0, c.monto_interes_centimos - c.pagado_interes_centimos - c.interes_condonado_centimos);
  const capital = Math.max(0, c.monto_capital_centimos - c.pagado_capital_centimos);
  return { mora, interes, capital, total: mora + interes + capital };
}

/** Days a cuota is overdue on `fecha` (0 when paid or not yet past its due date). */
export function diasAtraso(c: CuotaSaldo, fecha: string): number {
  if (c.pagada) return 0;
  return Math.max(0, diasEntre(c.fecha_vencimiento, fecha));
}

export const porNumero = (a: CuotaSaldo, b: CuotaSaldo) => a.numero_cuota - b.numero_cuota;

/**
 * The credit's estado on a business date:
 * - cancelado when every cuota is paid (saldo_capital and saldo_mora are then 0);
 * - vencido when an unpaid cuota is overdue by more than the product's tolerance days;
 * - vigente while the first due date has not passed (it is still vigente on that date);
 * - al_dia otherwise. A cuota overdue within the tolerance days is a grace period, not arrears:
 *   the credit is al_dia (or still vigente) until the tolerance runs out.
 */
export function estadoCredito(cuotas: readonly CuotaSaldo[], terminos: TerminosCredito, fecha: string): EstadoCredito {
  if (cuotas.length > 0 && cuotas.every((c) => c.pagada)) return 'cancelado';
  const peor = Math.max(0, ...cuotas.map((c) => diasAtraso(c, fecha)));
  if (peor > terminos.dias_tolerancia) return 'vencido';
  const primero = terminos.fecha_primer_vencimiento ?? [...cuotas].sort(porNumero)[0]?.fecha_vencimiento ?? fecha;
  if (primero >= fecha) return 'vigente';
  return 'al_dia';
}

export interface ResumenCredito {
  saldo_capital_centimos: number;
  saldo_mora_centimos: number;
  /** Due date of the oldest unpaid cuota; null once all are paid. */
  proximo_vencimiento: string | null;
  estado: EstadoCredito;
  /** Days the oldest unpaid cuota is overdue (aging buckets, PAR30). */
  dias_mora_max: number;
  /** What brings the credit up to date on the date: its overdue cuotas' pending amounts and all mora (the worklist's monto vencido). */
  monto_vencido_centimos: number;
  /** The next business date the close can change this credit (its gsi3 sort key); null once cancelado. */
  proxima_revision: string | null;
}

/**
 * The next business date on which the credit's close can change something, the key the close
 * finds it by: the oldest unpaid due date (from then on it is visited every day while overdue),
 * or, while it is still vigente, the day after its first due date (vigente → al_dia even when
 * that cuota was paid ahead). Null once cancelado.
 */
export function proximaRevision(
  r: Pick<ResumenCredito, 'estado' | 'proximo_vencimiento'>,
  fechaPrimerVencimiento: string | null,
): string | null {
  if (r.estado === 'cancelado' || !r.proximo_vencimiento) return null;
  if (r.estado === 'vigente' && fechaPrimerVencimiento) {
    const cambio = sumarDias(fechaPrimerVencimiento, 1);
    if (cambio < r.proximo_vencimiento) return cambio;
  }
  return r.proximo_vencimiento;
}

/** The catch-up amount on `fecha`: pending capital and interest of the cuotas due before it, plus every cuota's pending mora. */
export function montoVencido(cuotas: readonly CuotaSaldo[], fecha: string): number {
  return cuotas.reduce((s, c) => {
    const p = pendiente(c);
    return s + p.mora + (c.fecha_vencimiento < fecha ? p.capital + p.interes : 0);
  }, 0);
}

/** Balances and estado derived from the cuotas; the credit item stores exactly these. */
export function resumenCredito(cuotas: readonly CuotaSaldo[], terminos: TerminosCredito, fecha: string): ResumenCredito {
  const pendientes = cuotas.filter((c) => !c.pagada).sort(porNumero);
  const proximo_vencimiento = pendientes[0]?.fecha_vencimiento ?? null;
  const estado = estadoCredito(cuotas, terminos, fecha);
  return {
    saldo_capital_centimos: cuotas.reduce((s, c) => s + pendiente(c).capital, 0),
    saldo_mora_centimos: cuotas.reduce((s, c) => s + pendiente(c).mora, 0),
    proximo_vencimiento,
    estado,
    dias_mora_max: Math.max(0, ...pendientes.map((c) => diasAtraso(c, fecha))),
    monto_vencido_centimos: montoVencido(pendientes, fecha),
    proxima_revision: proximaRevision({ estado, proximo_vencimiento }, terminos.fecha_primer_vencimiento),
  };
}
