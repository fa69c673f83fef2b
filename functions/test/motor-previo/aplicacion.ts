/**
 * The lending engine as it was before the payoff rule and the prepayment choice (commit 96de78f),
 * kept verbatim (imports adjusted) as the reference a credit without `reglas_motor` must replay
 * identically to (cierre/reglas-motor.test.ts). Test-only: never imported by the functions.
 */
import { pendiente, porNumero, type CuotaSaldo } from '../../src/features/cierre/domain';

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

export function aplicarPago(input: { cuotas: readonly CuotaSaldo[]; montoCentimos: number; fecha: string }): AplicacionPago {
  const { montoCentimos: monto, fecha } = input;
  if (!Number.isSafeInteger(monto) || monto <= 0) throw new RangeError('el monto debe ser un entero de céntimos > 0');
  const maximo = maximoAplicable(input.cuotas, fecha);
  if (monto > maximo) throw new PagoExcedeDeuda(maximo);

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
