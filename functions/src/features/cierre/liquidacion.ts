import { diasEntre, parseDecimal, roundHalfEven, sumarMeses, toSafeNumber } from '@cuota/shared';
import { pendiente, porNumero, type CuotaSaldo } from './domain';

/**
 * The payoff (liquidación anticipada) of a credit on a value date D, as Fineract's foreclosure
 * amount: what cancels the credit that day with nothing left. Pure and exact (integer céntimos,
 * one half-even rounding). On the cuotas as they stand on D (mora already accrued to D):
 *
 * - capital_vencido, interes_vencido: the unpaid capital and interest of every cuota due on or
 *   before D (overdue, or due that very day);
 * - mora: all unpaid mora;
 * - capital_pendiente: the unpaid capital of the cuotas due after D (not yet due);
 * - interes_corriente: the interest of the current period only, accrued from the period's start
 *   (the previous cuota's due date, or the disbursement for the first) to D on capital_pendiente,
 *   actual/365, rounded half-even once; never more than the current cuota's scheduled interest
 *   (less what was forgiven), less what was already paid of it. The rest of that cuota's interest
 *   and all later interest is not owed.
 *
 * total = the sum of the five.
 */

/** The credit's ordinary-interest terms the payoff needs (copied at disbursement). */
export interface TerminosInteres {
  /** Annual ordinary rate as a decimal string, e.g. "24.00". */
  tasa_interes_anual: string;
  /** Start of the first period; without it, one month before the first due date. */
  fecha_desembolso: string | null;
}

export interface Liquidacion {
  fecha: string;
  capital_pendiente_centimos: number;
  interes_corriente_centimos: number;
  interes_vencido_centimos: number;
  capital_vencido_centimos: number;
  mora_centimos: number;
  total_centimos: number;
  /** Days of current interest charged (period start → fecha). */
  dias_interes: number;
  /** numero_cuota of the current period's cuota (first due after fecha), null when none. */
  cuota_corriente: number | null;
}

/** Interest on `capital` for `dias` days at `tasaAnual` %, actual/365, half-even. */
export function interesDevengado(capital: number, tasaAnual: string, dias: number): number {
  if (capital <= 0 || dias <= 0) return 0;
  const t = parseDecimal(tasaAnual);
  return toSafeNumber(roundHalfEven(BigInt(capital) * t.num * BigInt(dias), t.den * 36_500n));
}

export function liquidacionCredito(cuotas: readonly CuotaSaldo[], fecha: string, terminos: TerminosInteres): Liquidacion {
  const ordenadas = [...cuotas].sort(porNumero);
  const liq: Liquidacion = {
    fecha,
    capital_pendiente_centimos: 0,
    interes_corriente_centimos: 0,
    interes_vencido_centimos: 0,
    capital_vencido_centimos: 0,
    mora_centimos: 0,
    total_centimos: 0,
    dias_interes: 0,
    cuota_corriente: null,
  };
  for (const c of ordenadas) {
    if (c.pagada) continue;
    const p = pendiente(c);
    liq.mora_centimos += p.mora;
    if (c.fecha_vencimiento <= fecha) {
      liq.capital_vencido_centimos += p.capital;
      liq.interes_vencido_centimos += p.interes;
    } else {
      liq.capital_pendiente_centimos += p.capital;
    }
  }
  const k = ordenadas.findIndex((c) => c.fecha_vencimiento > fecha);
  const corriente = k >= 0 ? ordenadas[k]! : undefined;
  if (corriente) {
    liq.cuota_corriente = corriente.numero_cuota;
    const previa = k > 0 ? ordenadas[k - 1]!.fecha_vencimiento : null;
    const inicio = previa ?? terminos.fecha_desembolso ?? sumarMeses(corriente.fecha_vencimiento, -1);
    liq.dias_interes = Math.max(0, diasEntre(inicio, fecha));
    if (!corriente.pagada) {
      const devengado = interesDevengado(liq.capital_pendiente_centimos, terminos.tasa_interes_anual, liq.dias_interes);
      const tope = Math.max(0, corriente.monto_interes_centimos - corriente.interes_condonado_centimos);
      liq.interes_corriente_centimos = Math.max(0, Math.min(devengado, tope) - corriente.pagado_interes_centimos);
    }
  }
  liq.total_centimos =
    liq.capital_pendiente_centimos +
    liq.interes_corriente_centimos +
    liq.interes_vencido_centimos +
    liq.capital_vencido_centimos +
    liq.mora_centimos;
  return liq;
}
