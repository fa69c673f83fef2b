import { diasEntre, moraDiaria } from '@cuota/shared';

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
}

/** The credit's terms the rules need (copied from the product at disbursement). */
export interface TerminosCredito {
  fecha_primer_vencimiento: string | null;
  dias_tolerancia: number;
  /** Annual % as a decimal string, e.g. "36.40"; ≤ 1.3 × the ordinary rate (Código de Comercio art. 498). */
  tasa_moratoria_anual: string;
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
  /** Due date of the oldest unpaid cuota (the credit's gsi3 sort key); null once all are paid. */
  proximo_vencimiento: string | null;
  estado: EstadoCredito;
  /** Days the oldest unpaid cuota is overdue (aging buckets, PAR30). */
  dias_mora_max: number;
}

/** Balances and estado derived from the cuotas; the credit item stores exactly these. */
export function resumenCredito(cuotas: readonly CuotaSaldo[], terminos: TerminosCredito, fecha: string): ResumenCredito {
  const pendientes = cuotas.filter((c) => !c.pagada).sort(porNumero);
  return {
    saldo_capital_centimos: cuotas.reduce((s, c) => s + pendiente(c).capital, 0),
    saldo_mora_centimos: cuotas.reduce((s, c) => s + pendiente(c).mora, 0),
    proximo_vencimiento: pendientes[0]?.fecha_vencimiento ?? null,
    estado: estadoCredito(cuotas, terminos, fecha),
    dias_mora_max: Math.max(0, ...pendientes.map((c) => diasAtraso(c, fecha))),
  };
}

export interface CierreCredito {
  cuotas: CuotaSaldo[];
  /** numero_cuota of the cuotas whose item changes. */
  cambiadas: number[];
  /** Cuotas that became overdue with this close (they get a 'Cuota vencida' notification). */
  nuevasVencidas: CuotaSaldo[];
  /** Mora added by this close, all cuotas together. */
  moraDevengada: number;
  resumen: ResumenCredito;
}

/**
 * The close of business of one credit for business date `fecha`: every unpaid cuota due before
 * `fecha` gets dias_mora = fecha − due date and one day of moratory interest per day not yet
 * accrued, on its unpaid capital at the credit's tasa moratoria (actual/365, half-even per day:
 * moraDiaria). Days already accrued are those up to `ultimoCierre` (the credit's last closed
 * date), so a close that was skipped for this credit catches up and a repeated one adds nothing.
 */
export function cerrarCredito(input: {
  cuotas: readonly CuotaSaldo[];
  terminos: TerminosCredito;
  /** Last business date already closed for this credit (null: never closed). */
  ultimoCierre: string | null;
  fecha: string;
}): CierreCredito {
  const { terminos, fecha, ultimoCierre } = input;
  const cambiadas: number[] = [];
  const nuevasVencidas: CuotaSaldo[] = [];
  let moraDevengada = 0;
  const cuotas = input.cuotas.map((c) => {
    if (c.pagada) return c;
    const dias = diasAtraso(c, fecha);
    if (dias === 0) return c;
    // accrual runs from the later of the due date and the last close, up to fecha
    const desde = ultimoCierre && ultimoCierre > c.fecha_vencimiento ? ultimoCierre : c.fecha_vencimiento;
    const diasNuevos = Math.max(0, diasEntre(desde, fecha));
    const capital = pendiente(c).capital;
    const mora = moraDiaria(capital, terminos.tasa_moratoria_anual) * diasNuevos;
    if (dias === c.dias_mora && mora === 0) return c;
    moraDevengada += mora;
    cambiadas.push(c.numero_cuota);
    const next = { ...c, dias_mora: dias, monto_mora_centimos: c.monto_mora_centimos + mora };
    if (c.dias_mora === 0) nuevasVencidas.push(next);
    return next;
  });
  return { cuotas, cambiadas, nuevasVencidas, moraDevengada, resumen: resumenCredito(cuotas, terminos, fecha) };
}
