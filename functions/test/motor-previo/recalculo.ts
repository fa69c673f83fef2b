/**
 * The lending engine as it was before the payoff rule and the prepayment choice (commit 96de78f),
 * kept verbatim (imports adjusted) as the reference a credit without `reglas_motor` must replay
 * identically to (cierre/reglas-motor.test.ts). Test-only: never imported by the functions.
 */
import { diasEntre, moraDiaria } from '@cuota/shared';
import { aplicarPago, PagoExcedeDeuda, type Aplicado } from './aplicacion';
import {
  diasAtraso,
  pendiente,
  porNumero,
  resumenCredito,
  type CuotaSaldo,
  type ResumenCredito,
  type TerminosCredito,
} from '../../src/features/cierre/domain';

/**
 * A credit's state as a pure function of its schedule, its applied payments and a date
 * (lending-rules.md "Payments and their application", "Daily close of business"). Like
 * Fineract's reprocessing of a loan's transactions, every change of a credit — a payment approved
 * with an earlier value date, a daily close — recomputes it from the start: the cuotas' schedule
 * amounts never change, and mora, what each payment paid, días de mora, the estado and the
 * balances follow from the payments in value-date order. So a payment takes effect on its value
 * date whatever day staff approve it, two payments approved in either order give one result, and
 * a close run twice, late or after a backdated payment agrees with a close run every day.
 *
 * The day convention: mora of business date D accrues on the capital overdue at the start of D
 * (before D's payments) for each unpaid cuota due before D, one moraDiaria (actual/365, half-even)
 * per day; a payment with value date V then pays what is owed on V, mora first. A cuota paid on
 * its due date owes no mora; paid 3 days late it owes exactly 3 days.
 */

/** An applied payment as the engine replays it (the credit's ledger movement). */
export interface PagoValorado {
  pago_id: string;
  fecha_valor: string;
  monto_centimos: number;
  /** Tie-break within one value date: the order they were approved in (ulid of the approval). */
  orden: string;
}

export interface AplicacionRecalculada {
  aplicado: Aplicado;
  prepagoCapital: number;
  interesCondonado: number;
}

export interface CreditoRecalculado {
  cuotas: CuotaSaldo[];
  /** What each payment paid of each component, by pago_id. */
  aplicaciones: Map<string, AplicacionRecalculada>;
  resumen: ResumenCredito;
  /** Σ mora charged on every cuota (paid or not). */
  moraTotal: number;
}

/** The cuotas as scheduled, before anything was paid or accrued. */
function comoProgramadas(cuotas: readonly CuotaSaldo[]): CuotaSaldo[] {
  return cuotas
    .map((c) => ({
      numero_cuota: c.numero_cuota,
      fecha_vencimiento: c.fecha_vencimiento,
      monto_capital_centimos: c.monto_capital_centimos,
      monto_interes_centimos: c.monto_interes_centimos,
      monto_mora_centimos: 0,
      pagado_capital_centimos: 0,
      pagado_interes_centimos: 0,
      pagado_mora_centimos: 0,
      interes_condonado_centimos: 0,
      pagada: false,
      pagada_en: null,
      dias_mora: 0,
    }))
    .sort(porNumero);
}

/** Mora of the business dates after `desde` up to `hasta` (inclusive) on each unpaid cuota's overdue capital. */
function devengar(cuotas: CuotaSaldo[], desde: string | null, hasta: string, tasa: string): void {
  for (const c of cuotas) {
    if (c.pagada || c.fecha_vencimiento >= hasta) continue;
    const inicio = desde && desde > c.fecha_vencimiento ? desde : c.fecha_vencimiento;
    const dias = diasEntre(inicio, hasta);
    if (dias <= 0) continue;
    const capital = pendiente(c).capital;
    if (capital > 0) c.monto_mora_centimos += moraDiaria(capital, tasa) * dias;
  }
}

export const ordenDePago = (a: PagoValorado, b: PagoValorado) =>
  a.fecha_valor.localeCompare(b.fecha_valor) || a.orden.localeCompare(b.orden) || a.pago_id.localeCompare(b.pago_id);

/**
 * The credit as of business date `hasta` (≥ every payment's value date): replays the payments in
 * value-date order on the schedule, accruing mora between them. Throws PagoExcedeDeuda (with the
 * pago's id) when a payment is more than the credit could take on its value date.
 */
export function recalcularCredito(input: {
  cuotas: readonly CuotaSaldo[];
  pagos: readonly PagoValorado[];
  terminos: TerminosCredito;
  hasta: string;
}): CreditoRecalculado {
  const { terminos, hasta } = input;
  let cuotas = comoProgramadas(input.cuotas);
  const aplicaciones = new Map<string, AplicacionRecalculada>();
  let cursor: string | null = null;
  for (const p of [...input.pagos].sort(ordenDePago)) {
    if (p.fecha_valor > hasta) throw new RangeError(`el pago ${p.pago_id} tiene fecha valor posterior a ${hasta}`);
    devengar(cuotas, cursor, p.fecha_valor, terminos.tasa_moratoria_anual);
    cursor = p.fecha_valor;
    try {
      const r = aplicarPago({ cuotas, montoCentimos: p.monto_centimos, fecha: p.fecha_valor });
      cuotas = r.cuotas;
      aplicaciones.set(p.pago_id, {
        aplicado: r.aplicado,
        prepagoCapital: r.prepagoCapital,
        interesCondonado: r.interesCondonado,
      });
    } catch (error) {
      if (error instanceof PagoExcedeDeuda) throw new PagoExcedeDeuda(error.maximoCentimos, p.pago_id);
      throw error;
    }
  }
  devengar(cuotas, cursor, hasta, terminos.tasa_moratoria_anual);
  for (const c of cuotas) {
    // unpaid: days overdue on `hasta`; paid: how late it was paid (its history)
    c.dias_mora = c.pagada ? Math.max(0, c.pagada_en ? diasEntre(c.fecha_vencimiento, c.pagada_en) : 0) : diasAtraso(c, hasta);
  }
  return {
    cuotas,
    aplicaciones,
    resumen: resumenCredito(cuotas, terminos, hasta),
    moraTotal: cuotas.reduce((s, c) => s + c.monto_mora_centimos, 0),
  };
}

/** The fields of a cuota the engine derives (its schedule amounts never change). */
const CAMPOS_DERIVADOS = [
  'monto_mora_centimos',
  'pagado_capital_centimos',
  'pagado_interes_centimos',
  'pagado_mora_centimos',
  'interes_condonado_centimos',
  'pagada',
  'pagada_en',
  'dias_mora',
] as const satisfies readonly (keyof CuotaSaldo)[];

/** numero_cuota of the cuotas whose derived fields differ between two states of one credit. */
export function cuotasCambiadas(antes: readonly CuotaSaldo[], despues: readonly CuotaSaldo[]): number[] {
  const previas = new Map(antes.map((c) => [c.numero_cuota, c]));
  return despues
    .filter((c) => {
      const p = previas.get(c.numero_cuota);
      return !p || CAMPOS_DERIVADOS.some((k) => p[k] !== c[k]);
    })
    .map((c) => c.numero_cuota);
}

// ---------------------------------------------------------------- integrity

/** What the credit item says about itself, to check its cuotas and ledger against. */
export interface CabeceraCredito {
  numero_credito: string;
  monto_principal_centimos: number;
  plazo_meses: number;
}

/**
 * Why a credit cannot be recomputed (empty when it can): its cuotas must be the whole schedule
 * (1…plazo, Σ capital = principal) and what its cuotas say was paid must be exactly what its
 * ledger of payments holds. A credit whose cuotas were not all written (a half-loaded table) or
 * whose stored state does not come from its payments is refused, never summarised: writing it
 * would silently collapse or rewrite its balance.
 */
export function problemasDeCredito(
  credito: CabeceraCredito,
  cuotas: readonly CuotaSaldo[],
  pagos: readonly PagoValorado[],
): string[] {
  const problemas: string[] = [];
  const n = credito.plazo_meses;
  const numeros = cuotas.map((c) => c.numero_cuota).sort((a, b) => a - b);
  if (numeros.length !== n || numeros.some((x, k) => x !== k + 1)) {
    problemas.push(`tiene ${numeros.length} cuotas de ${n}`);
  }
  const capital = cuotas.reduce((s, c) => s + c.monto_capital_centimos, 0);
  if (capital !== credito.monto_principal_centimos) {
    problemas.push(`Σ capital de las cuotas ${capital} ≠ principal ${credito.monto_principal_centimos}`);
  }
  const pagadoCuotas = cuotas.reduce(
    (s, c) => s + c.pagado_capital_centimos + c.pagado_interes_centimos + c.pagado_mora_centimos,
    0,
  );
  const pagadoLibro = pagos.reduce((s, p) => s + p.monto_centimos, 0);
  if (pagadoCuotas !== pagadoLibro) {
    problemas.push(`las cuotas registran ${pagadoCuotas} pagados y los pagos aplicados suman ${pagadoLibro}`);
  }
  return problemas;
}

/**
 * The invariant every written summary keeps: principal = saldo_capital + Σ capital applied, and
 * saldo_capital is the capital of the whole schedule still unpaid.
 */
export function problemasDeResumen(credito: CabeceraCredito, r: CreditoRecalculado): string[] {
  const aplicado = [...r.aplicaciones.values()].reduce((s, a) => s + a.aplicado.capital, 0);
  const problemas: string[] = [];
  if (credito.monto_principal_centimos !== r.resumen.saldo_capital_centimos + aplicado) {
    problemas.push(
      `principal ${credito.monto_principal_centimos} ≠ saldo_capital ${r.resumen.saldo_capital_centimos} + capital aplicado ${aplicado}`,
    );
  }
  if (r.cuotas.length !== credito.plazo_meses) problemas.push(`resumen de ${r.cuotas.length} cuotas de ${credito.plazo_meses}`);
  return problemas;
}

export class CreditoInconsistente extends Error {
  constructor(
    readonly numeroCredito: string,
    readonly problemas: string[],
  ) {
    super(`el crédito ${numeroCredito} no se puede recalcular: ${problemas.join('; ')}`);
    this.name = 'CreditoInconsistente';
  }
}
