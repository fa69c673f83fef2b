import { pendiente, porNumero, type CuotaSaldo } from './domain';
import { liquidacionCredito, type TerminosInteres } from './liquidacion';
import { reprogramar, type Excedente, type TerminosReprogramacion } from './reprogramacion';

/**
 * Applying an approved payment to a credit's cuotas (lending-rules.md "Payments and their
 * application"). Pure and exact: integer céntimos, nothing is rounded, every céntimo of the
 * payment lands on exactly one component of one cuota.
 *
 * 1. Fineract's "mifos-standard" order, cuota by cuota from the oldest unpaid: mora → interés →
 *    capital. The cuotas that can be paid this way are the overdue ones and the next one due
 *    (the first cuota due on or after the approval's business date), see cuotasExigibles.
 * 2. Overpayment policy (chosen: PREPAYMENT). What is left after those cuotas is an extraordinary
 *    capital payment that reduces the capital of the LAST cuotas, from the last one backwards
 *    (the loan gets shorter; the instalment amount of the remaining cuotas does not change).
 *    A future cuota whose whole capital is prepaid is paid off and its scheduled interest is
 *    forgiven (interes_condonado): that interest would be charged on capital the customer no
 *    longer owes (Costa Rica's Ley 7472 gives consumers early repayment with the interest reduced).
 *    A partly prepaid cuota keeps its scheduled interest.
 * 3. A payment larger than everything that can be owed (maximoAplicable: all mora, the interest
 *    of the payable cuotas and all the capital left) is REFUSED: there is nothing to apply the
 *    excess to, and money is never left unallocated.
 * 4. Payoff (liquidación, liquidacion.ts), when the credit's interest terms are given: a payment
 *    that covers the payoff on its value date cancels the credit. It pays all mora, the interest
 *    and capital of the cuotas due up to that date, the current period's interest ACCRUED to that
 *    date and all capital left; the rest of the current cuota's scheduled interest and every later
 *    cuota's interest is forgiven. What the payment brings beyond the payoff (at most the current
 *    cuota's unaccrued interest, since it is ≤ maximoAplicable) is taken as that interest, so a
 *    payment of exactly maximoAplicable is applied as it always was.
 * 5. Prepayment choice (reprogramacion.ts): a payment that says what to do with its excess
 *    (`excedente`: reducir_plazo or reducir_cuota) prepays capital with it and re-amortises the
 *    cuotas not yet payable on the actual balance, instead of step 2. Without a choice (payments
 *    recorded before the choice existed) step 2 applies, so their credits replay unchanged.
 */

export interface Aplicado {
  mora: number;
  interes: number;
  capital: number;
}

export interface AplicacionPago {
  aplicado: Aplicado;
  /** Part of aplicado.capital that prepaid cuotas not yet due (step 2). */
  prepagoCapital: number;
  /** Interest forgiven on cuotas fully prepaid by this payment. */
  interesCondonado: number;
  /** Every cuota, with the payment applied. */
  cuotas: CuotaSaldo[];
  /** numero_cuota of the cuotas whose item changes. */
  cambiadas: number[];
}

export class PagoExcedeDeuda extends Error {
  constructor(
    readonly maximoCentimos: number,
    /** The payment that did not fit, when the engine replays several. */
    readonly pagoId: string | null = null,
  ) {
    super(`el pago excede lo adeudado (máximo ${maximoCentimos} céntimos)`);
    this.name = 'PagoExcedeDeuda';
  }
}

/**
 * The cuotas payable in full order on `fecha`: the overdue ones and the next one due, i.e. every
 * unpaid cuota due up to the first due date on or after `fecha`. The limit depends on dates only,
 * not on what is already paid, so two payments on one day apply exactly as their sum would.
 */
function cuotasExigibles(cuotas: readonly CuotaSaldo[], fecha: string): Set<number> {
  const limite = [...cuotas].sort(porNumero).find((c) => c.fecha_vencimiento >= fecha)?.fecha_vencimiento;
  return new Set(cuotas.filter((c) => !c.pagada && (!limite || c.fecha_vencimiento <= limite)).map((c) => c.numero_cuota));
}

/** The most a payment can be on `fecha`: all mora, the interest of the payable cuotas and all capital left. */
export function maximoAplicable(cuotas: readonly CuotaSaldo[], fecha: string): number {
  const pendientes = cuotas.filter((c) => !c.pagada);
  const exigibles = cuotasExigibles(cuotas, fecha);
  return pendientes.reduce((s, c) => {
    const p = pendiente(c);
    return s + p.mora + p.capital + (exigibles.has(c.numero_cuota) ? p.interes : 0);
  }, 0);
}

const cubierta = (c: CuotaSaldo) => pendiente(c).total === 0;

export function aplicarPago(input: {
  cuotas: readonly CuotaSaldo[];
  montoCentimos: number;
  fecha: string;
  /** The credit's ordinary-interest terms: with them a payment covering the payoff cancels the credit. */
  interes?: TerminosInteres;
  /** What to do with the excess over what is due (rule 5); with the terms to re-amortise. */
  excedente?: { modo: Excedente; terminos: TerminosReprogramacion };
}): AplicacionPago {
  const { montoCentimos: monto, fecha } = input;
  if (!Number.isSafeInteger(monto) || monto <= 0) throw new RangeError('el monto debe ser un entero de céntimos > 0');
  const maximo = maximoAplicable(input.cuotas, fecha);
  if (monto > maximo) throw new PagoExcedeDeuda(maximo);
  if (input.interes) {
    const liq = liquidacionCredito(input.cuotas, fecha, input.interes);
    if (liq.total_centimos > 0 && monto >= liq.total_centimos) return liquidar(input.cuotas, monto, fecha, liq);
  }

  const cuotas = input.cuotas.map((c) => ({ ...c })).sort(porNumero);
  const pendientes = cuotas.filter((c) => !c.pagada);
  const exigibles = cuotasExigibles(cuotas, fecha);
  const cambiadas = new Set<number>();
  const aplicado: Aplicado = { mora: 0, interes: 0, capital: 0 };
  let prepagoCapital = 0;
  let interesCondonado = 0;
  let resto = monto;

  const tomar = (c: CuotaSaldo, parte: keyof Aplicado) => {
    const p = pendiente(c)[parte];
    const x = Math.min(p, resto);
    if (x === 0) return 0;
    resto -= x;
    aplicado[parte] += x;
    if (parte === 'mora') c.pagado_mora_centimos += x;
    else if (parte === 'interes') c.pagado_interes_centimos += x;
    else c.pagado_capital_centimos += x;
    cambiadas.add(c.numero_cuota);
    return x;
  };
  const saldar = (c: CuotaSaldo) => {
    if (!c.pagada && cubierta(c)) {
      c.pagada = true;
      c.pagada_en = fecha;
      cambiadas.add(c.numero_cuota);
    }
  };

  // 1. oldest payable cuota first: mora → interés → capital
  for (const c of pendientes) {
    if (resto === 0 || !exigibles.has(c.numero_cuota)) break;
    tomar(c, 'mora');
    tomar(c, 'interes');
    tomar(c, 'capital');
    saldar(c);
  }
  // 5. prepayment with a choice: capital off the actual balance, the rest re-amortised
  const futuras = pendientes.filter((c) => !exigibles.has(c.numero_cuota));
  const capitalFuturo = futuras.reduce((s, c) => s + pendiente(c).capital, 0);
  if (input.excedente && resto > 0 && resto < capitalFuturo) {
    reprogramar(futuras, resto, input.excedente.modo, input.excedente.terminos, fecha);
    aplicado.capital += resto;
    prepagoCapital += resto;
    resto = 0;
    for (const c of futuras) cambiadas.add(c.numero_cuota);
  }
  // 2. prepayment: the capital of the last cuotas, backwards
  for (const c of [...pendientes].reverse()) {
    if (resto === 0) break;
    if (exigibles.has(c.numero_cuota)) continue;
    tomar(c, 'mora');
    prepagoCapital += tomar(c, 'capital');
    if (pendiente(c).capital === 0 && pendiente(c).mora === 0) {
      const condonar = pendiente(c).interes;
      if (condonar > 0) {
        c.interes_condonado_centimos += condonar;
        interesCondonado += condonar;
        cambiadas.add(c.numero_cuota);
      }
    }
    saldar(c);
  }
  // maximoAplicable bounds exactly what steps 1 and 2 can absorb
  if (resto !== 0) throw new Error(`pago sin aplicar por completo: quedan ${resto} céntimos`);

  return {
    aplicado,
    prepagoCapital,
    interesCondonado,
    cuotas,
    cambiadas: [...cambiadas].sort((a, b) => a - b),
  };
}

/**
 * A payment ≥ the payoff on `fecha` (rule 4): every unpaid cuota is paid and closed. Each pays its
 * mora and capital; a cuota due on or before `fecha` its interest; the current one its accrued
 * interest plus `monto − payoff` (≤ its unaccrued interest); the rest of the interest is forgiven.
 */
function liquidar(
  original: readonly CuotaSaldo[],
  monto: number,
  fecha: string,
  liq: ReturnType<typeof liquidacionCredito>,
): AplicacionPago {
  const cuotas = original.map((c) => ({ ...c })).sort(porNumero);
  const exigibles = cuotasExigibles(cuotas, fecha);
  const aplicado: Aplicado = { mora: 0, interes: 0, capital: 0 };
  const cambiadas: number[] = [];
  let prepagoCapital = 0;
  let interesCondonado = 0;
  let extra = monto - liq.total_centimos;
  for (const c of cuotas) {
    if (c.pagada) continue;
    const p = pendiente(c);
    let interes = 0;
    if (c.fecha_vencimiento <= fecha) interes = p.interes;
    else if (c.numero_cuota === liq.cuota_corriente) {
      const adicional = Math.min(extra, p.interes - liq.interes_corriente_centimos);
      extra -= adicional;
      interes = liq.interes_corriente_centimos + adicional;
    }
    c.pagado_mora_centimos += p.mora;
    c.pagado_interes_centimos += interes;
    c.pagado_capital_centimos += p.capital;
    c.interes_condonado_centimos += p.interes - interes;
    c.pagada = true;
    c.pagada_en = fecha;
    aplicado.mora += p.mora;
    aplicado.interes += interes;
    aplicado.capital += p.capital;
    if (!exigibles.has(c.numero_cuota)) prepagoCapital += p.capital;
    interesCondonado += p.interes - interes;
    cambiadas.push(c.numero_cuota);
  }
  // maximoAplicable − payoff is exactly the current cuota's unaccrued interest when it is payable
  if (extra !== 0) throw new Error(`pago sin aplicar por completo: quedan ${extra} céntimos`);
  return { aplicado, prepagoCapital, interesCondonado, cuotas, cambiadas };
}
