import { diasEntre, LIQUIDACION_DIAS_MAXIMOS, roundHalfEven, sumarDias } from '@cuota/shared';
import { liquidacionTexts } from '@cuota/shared/texts/liquidacion';
import { ValidationError } from '#commons/errors';

/**
 * Pure read-side rules of credits: payment progress, the contract's schedule summary and the
 * portal's instalment alerts.
 */

/**
 * Spec §2 credit detail: payment progress, "the sum of the loan's payments divided by principal,
 * times 100, with 1 decimal". The payments counted are what they repaid of the principal
 * (Σ aplicado_capital of the conciliado pagos = principal − saldo_capital, lending-rules
 * "Payments"): their interest and mora are not principal, and counting them took a credit past
 * 100 % while it still owed cuotas. So the share is within 0–100 and 100 means no capital left.
 * Exact: half-even to the tenth, as a decimal string ("45.3").
 */
export function progresoPago(principalCentimos: number, saldoCapitalCentimos: number): string {
  if (!Number.isSafeInteger(principalCentimos) || principalCentimos <= 0) return '0.0';
  const saldo = Number.isSafeInteger(saldoCapitalCentimos) ? saldoCapitalCentimos : principalCentimos;
  const amortizado = Math.min(principalCentimos, Math.max(0, principalCentimos - saldo));
  const decimas = roundHalfEven(BigInt(amortizado) * 1000n, BigInt(principalCentimos));
  return `${decimas / 10n}.${decimas % 10n}`;
}

export interface CuotaMontos {
  numero_cuota: number;
  fecha_vencimiento: string;
  monto_capital_centimos: number;
  monto_interes_centimos: number;
  monto_total_centimos: number;
}

/** The contract's schedule summary: count, first instalment, totals and last due date. */
export function resumenCuotas(cuotas: readonly CuotaMontos[]) {
  const ordenadas = [...cuotas].sort((a, b) => a.numero_cuota - b.numero_cuota);
  return {
    cantidad: ordenadas.length,
    primera_cuota_centimos: ordenadas[0]?.monto_total_centimos ?? 0,
    total_capital_centimos: ordenadas.reduce((t, c) => t + c.monto_capital_centimos, 0),
    total_intereses_centimos: ordenadas.reduce((t, c) => t + c.monto_interes_centimos, 0),
    total_a_pagar_centimos: ordenadas.reduce((t, c) => t + c.monto_total_centimos, 0),
    fecha_ultimo_vencimiento: ordenadas.at(-1)?.fecha_vencimiento ?? null,
  };
}

/** Spec §2 portal: past-due instalments are 'vencida', those due within 7 days 'proxima'. */
export const DIAS_AVISO_CUOTA = 7;

export function alertaCuota(fechaVencimiento: string, hoy: string): 'vencida' | 'proxima' | null {
  const dias = diasEntre(hoy, fechaVencimiento);
  if (dias < 0) return 'vencida';
  if (dias <= DIAS_AVISO_CUOTA) return 'proxima';
  return null;
}

/** The `n` earliest unpaid instalments across several credits (due date, then credit, then number). */
export function proximasCuotas<
  T extends { fecha_vencimiento: string; numero_cuota: number; credito_id: string; pagada: boolean },
>(cuotas: readonly T[], n: number): T[] {
  return cuotas
    .filter((c) => !c.pagada)
    .sort(
      (a, b) =>
        a.fecha_vencimiento.localeCompare(b.fecha_vencimiento) ||
        a.credito_id.localeCompare(b.credito_id) ||
        a.numero_cuota - b.numero_cuota,
    )
    .slice(0, n);
}

/**
 * The value date a payoff may be asked for: not before the disbursement nor the last applied
 * payment's value date (the replay cannot go back past them), not more than
 * LIQUIDACION_DIAS_MAXIMOS days after the business date. A 400 in Spanish otherwise.
 */
export function fechaDeLiquidacion(fecha: string, hoy: string, anteriores: readonly string[]): string {
  const minima = anteriores.reduce((a, b) => (b > a ? b : a), '');
  if (fecha < minima)
    throw new ValidationError({ fecha: liquidacionTexts.fechaAnterior(minima) }, liquidacionTexts.fechaAnterior(minima));
  const maxima = sumarDias(hoy, LIQUIDACION_DIAS_MAXIMOS);
  if (fecha > maxima) {
    const mensaje = liquidacionTexts.fechaLejana(LIQUIDACION_DIAS_MAXIMOS, maxima);
    throw new ValidationError({ fecha: mensaje }, mensaje);
  }
  return fecha;
}
