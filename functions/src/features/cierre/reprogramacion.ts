import { calcularMontos, parseDecimal, roundHalfEven, toSafeNumber, type MetodoAmortizacion } from '@cuota/shared';
import { porNumero, type CuotaSaldo } from './domain';

/**
 * What a payment beyond what is due does to the schedule (the pago's `excedente`), as Fineract's
 * "reduce number of installments" / "reduce EMI" rescheduling on prepayment. Pure and exact.
 *
 * The excess prepays capital; the cuotas not yet payable (unpaid, due after the next due date on
 * or after the value date) are then re-amortised on the ACTUAL balance from the next due date on,
 * so each later period's interest is balance × annual/12 half-even on what is really owed:
 *
 * - reducir_plazo: the cuota stays (the original level cuota; for capital constante, the capital
 *   share) and the term shortens: the balance is amortised with it until nothing is left; the
 *   cuotas past the new end owe nothing (capital 0, interest 0, paid).
 * - reducir_cuota: the term stays: the remaining cuotas are re-levelled on the balance (the
 *   credit's method, as the schedule generator computes them).
 *
 * Σ capital of the schedule is kept: the prepaid capital (and any capital prepaid on those cuotas
 * before) stays on the first of them, as paid.
 */

export const EXCEDENTES = ['reducir_plazo', 'reducir_cuota'] as const;
export type Excedente = (typeof EXCEDENTES)[number];

export interface TerminosReprogramacion {
  tasa_interes_anual: string;
  metodo: MetodoAmortizacion;
  /** The original schedule's level cuota (capital + interest of its first regular amortising cuota, after any grace months) and capital share. */
  cuota_original: number;
  capital_original: number;
}

/** Interest of one monthly period on `saldo`: saldo × annual/1200, half-even. */
export function interesPeriodo(saldo: number, tasaAnual: string): number {
  const t = parseDecimal(tasaAnual);
  return toSafeNumber(roundHalfEven(BigInt(saldo) * t.num, t.den * 1200n));
}

/** The capital and interest of each of `n` periods amortising `saldo` under `modo`. */
export function montosReprogramados(
  saldo: number,
  n: number,
  modo: Excedente,
  t: TerminosReprogramacion,
): Array<{ capital: number; interes: number }> {
  if (modo === 'reducir_cuota') {
    return calcularMontos({ principalCentimos: saldo, tasaAnual: t.tasa_interes_anual, plazoMeses: n, metodo: t.metodo }).map(
      (m) => ({ capital: m.capital, interes: m.interes }),
    );
  }
  const filas: Array<{ capital: number; interes: number }> = [];
  let resto = saldo;
  for (let k = 0; k < n; k++) {
    if (resto === 0) {
      filas.push({ capital: 0, interes: 0 });
      continue;
    }
    const interes = interesPeriodo(resto, t.tasa_interes_anual);
    const cuota = t.metodo === 'capital_constante' ? t.capital_original : t.cuota_original - interes;
    const capital = k === n - 1 || cuota >= resto ? resto : Math.max(1, cuota);
    filas.push({ capital, interes });
    resto -= capital;
  }
  return filas;
}

/**
 * Re-amortises `futuras` (the unpaid cuotas not yet payable, in `cuotas`, mutated) after `prepago`
 * céntimos of capital were paid on them on `fecha`. The caller checks prepago < their capital.
 */
export function reprogramar(
  futuras: CuotaSaldo[],
  prepago: number,
  modo: Excedente,
  t: TerminosReprogramacion,
  fecha: string,
): void {
  const orden = [...futuras].sort(porNumero);
  const pagadoPrevio = orden.reduce((s, c) => s + c.pagado_capital_centimos, 0);
  const capital = orden.reduce((s, c) => s + c.monto_capital_centimos, 0);
  const saldo = capital - pagadoPrevio - prepago;
  const filas = montosReprogramados(saldo, orden.length, modo, t);
  for (const [k, c] of orden.entries()) {
    const f = filas[k]!;
    const pagado = k === 0 ? pagadoPrevio + prepago : 0;
    c.monto_capital_centimos = f.capital + pagado;
    c.pagado_capital_centimos = pagado;
    c.monto_interes_centimos = f.interes;
    c.interes_condonado_centimos = 0;
    if (f.capital === 0 && f.interes === 0) {
      c.pagada = true;
      c.pagada_en = fecha;
    }
  }
}

/** A cuota whose schedule amounts a recompute changed: before and after. */
export interface CuotaReprogramada {
  numero_cuota: number;
  antes: { capital: number; interes: number };
  despues: { capital: number; interes: number };
}

/** The cuotas whose schedule amounts differ between the stored state and the recomputed one (for the 'reprogramacion' movement). */
export function cuotasReprogramadas(antes: readonly CuotaSaldo[], despues: readonly CuotaSaldo[]): CuotaReprogramada[] {
  const previas = new Map(antes.map((c) => [c.numero_cuota, c]));
  return [...despues].sort(porNumero).flatMap((c) => {
    const p = previas.get(c.numero_cuota);
    if (!p || (p.monto_capital_centimos === c.monto_capital_centimos && p.monto_interes_centimos === c.monto_interes_centimos))
      return [];
    return [
      {
        numero_cuota: c.numero_cuota,
        antes: { capital: p.monto_capital_centimos, interes: p.monto_interes_centimos },
        despues: { capital: c.monto_capital_centimos, interes: c.monto_interes_centimos },
      },
    ];
  });
}
