import {
  generarCuotas,
  sumarMeses,
  type CuotaPlan,
  type MetodoAmortizacion,
  type PlanReestructuracion,
  type Reestructurar,
} from '@cuota/shared';
import { reestructuracionTexts as t } from '@cuota/shared/texts/reestructuracion';

/**
 * Restructuring a credit (docs/lending-engine.md "Reestructuración"), pure and exact. As Fineract's
 * loan reschedule (new interest rate, extra terms, adjusted due date; a request submitted, then
 * approved), the outstanding debt on the business date becomes the principal of a NEW schedule
 * that starts that day; the old schedule is kept on the restructuring record.
 *
 * What is owed on the date F (the payoff on F, cierre/liquidacion.ts) splits in two:
 * - capital (due or not) — always the new principal;
 * - arrears: interest due on or before F and all mora — capitalised (added to the principal) when
 *   `capitalizar_mora`, otherwise carried on cuota 1 of the new schedule as interest;
 * - interest accrued on the current period up to F — always carried on cuota 1 (never capitalised:
 *   it is not in arrears).
 * So Σ capital(new) = capital + capitalised and cuota 1 carries the rest: nothing is created or lost.
 *
 * A refinanciamiento folds the whole payoff (capital + arrears + current interest) into a new
 * credit's principal and carries nothing; arrears not capitalised are refused (MoraSinCapitalizar).
 */

export interface DeudaAlDia {
  capital: number;
  interes_vencido: number;
  mora: number;
  interes_corriente: number;
}

/** The unpaid cuotas of the current schedule (what "antes" summarises). */
export interface CuotaPendiente {
  numero_cuota: number;
  fecha_vencimiento: string;
  monto_capital_centimos: number;
  monto_interes_centimos: number;
  interes_por_pagar_centimos: number;
}

export interface EntradaPlan {
  fecha: string;
  parametros: Reestructurar;
  deuda: DeudaAlDia;
  tasaActual: string;
  metodo: MetodoAmortizacion;
  pendientes: readonly CuotaPendiente[];
}

export class ParametrosInvalidos extends Error {
  constructor(readonly detalles: Record<string, string>) {
    super(Object.values(detalles).join(' '));
    this.name = 'ParametrosInvalidos';
  }
}

/** A refinanciamiento cancels the old credit completely: arrears are capitalised or paid first (409). */
export class MoraSinCapitalizar extends Error {
  constructor(readonly arrears: number) {
    super('mora sin capitalizar');
    this.name = 'MoraSinCapitalizar';
  }
}

/** The latest first due date a readecuación may choose: two months after the restructuring. */
export const MESES_PRIMER_VENCIMIENTO_MAX = 2;

/** Term, rate and first due date of the new schedule (the rules of each type). */
export function condicionesNuevas(e: EntradaPlan): { plazo: number; tasa: string; primerVencimiento: string } {
  const p = e.parametros;
  const futuras = e.pendientes.filter((c) => c.fecha_vencimiento > e.fecha);
  const restantes = Math.max(1, futuras.length);
  if (p.tipo === 'prorroga') {
    if (p.meses_prorroga === undefined) throw new ParametrosInvalidos({ meses_prorroga: t.prorrogaSinMeses });
    // the pending due dates move N months: the next one not yet due, N months later, then monthly
    const siguiente = futuras[0]?.fecha_vencimiento ?? sumarMeses(e.fecha, 1);
    return { plazo: restantes, tasa: e.tasaActual, primerVencimiento: sumarMeses(siguiente, p.meses_prorroga) };
  }
  if (p.tipo === 'refinanciamiento' && p.plazo_meses === undefined) {
    throw new ParametrosInvalidos({ plazo_meses: t.refinanciamientoSinPlazo });
  }
  if (p.plazo_meses === undefined && p.tasa_anual === undefined) {
    throw new ParametrosInvalidos({ plazo_meses: t.readecuacionSinCambios });
  }
  const desde = e.fecha;
  const hasta = sumarMeses(e.fecha, MESES_PRIMER_VENCIMIENTO_MAX);
  const primero = p.fecha_primer_vencimiento ?? sumarMeses(e.fecha, 1);
  if (primero <= desde || primero > hasta) {
    throw new ParametrosInvalidos({ fecha_primer_vencimiento: t.primerVencimientoFuera(desde, hasta) });
  }
  return { plazo: p.plazo_meses ?? restantes, tasa: normalizarTasa(p.tasa_anual ?? e.tasaActual), primerVencimiento: primero };
}

/** "24" → "24.00" (how credits store rates). */
export const normalizarTasa = (tasa: string) => Number(tasa).toFixed(2);

/** The level cuota shown: a regular one (cuota 2 when there are 3 or more), else cuota 1 without what it carries. */
function cuotaRepresentativa(cuotas: readonly CuotaPlan[], arrastre: number): number {
  if (cuotas.length >= 3) return cuotas[1]!.monto_total_centimos;
  return cuotas[0]!.monto_total_centimos - arrastre;
}

/** The new schedule and the before/after summary. Throws ParametrosInvalidos. */
export function planReestructuracion(e: EntradaPlan): PlanReestructuracion {
  const p = e.parametros;
  const { plazo, tasa, primerVencimiento } = condicionesNuevas(e);
  const arrears = e.deuda.interes_vencido + e.deuda.mora;
  // a refinanciamiento's principal is the whole payoff: nothing is carried, the old credit closes
  const refinancia = p.tipo === 'refinanciamiento';
  if (refinancia && !p.capitalizar_mora && arrears > 0) throw new MoraSinCapitalizar(arrears);
  const capitalizado = refinancia ? arrears + e.deuda.interes_corriente : p.capitalizar_mora ? arrears : 0;
  const arrastre = refinancia ? 0 : e.deuda.interes_corriente + (p.capitalizar_mora ? 0 : arrears);
  const principal = e.deuda.capital + capitalizado;
  const generadas = generarCuotas({
    principalCentimos: principal,
    tasaAnual: tasa,
    plazoMeses: plazo,
    fechaDesembolso: e.fecha,
    fechaPrimerVencimiento: primerVencimiento,
    metodo: e.metodo,
    periodoIrregular: 'exacto',
  });
  const cuotas = generadas.map((c, k) =>
    k === 0
      ? {
          ...c,
          monto_interes_centimos: c.monto_interes_centimos + arrastre,
          monto_total_centimos: c.monto_total_centimos + arrastre,
        }
      : c,
  );
  const siguiente = e.pendientes.find((c) => c.fecha_vencimiento > e.fecha) ?? e.pendientes[0];
  return {
    fecha: e.fecha,
    tipo: p.tipo,
    capitalizar_mora: p.capitalizar_mora,
    deuda: {
      capital_centimos: e.deuda.capital,
      interes_vencido_centimos: e.deuda.interes_vencido,
      mora_centimos: e.deuda.mora,
      interes_corriente_centimos: e.deuda.interes_corriente,
    },
    capitalizado_centimos: capitalizado,
    arrastre_centimos: arrastre,
    antes: {
      cuota_centimos: siguiente ? siguiente.monto_capital_centimos + siguiente.monto_interes_centimos : 0,
      plazo_meses: e.pendientes.length,
      total_intereses_centimos: e.pendientes.reduce((s, c) => s + c.interes_por_pagar_centimos, 0) + e.deuda.mora,
      saldo_capital_centimos: e.deuda.capital,
      tasa_interes_anual: e.tasaActual,
    },
    despues: {
      cuota_centimos: cuotaRepresentativa(cuotas, arrastre),
      plazo_meses: plazo,
      total_intereses_centimos: cuotas.reduce((s, c) => s + c.monto_interes_centimos, 0),
      saldo_capital_centimos: principal,
      tasa_interes_anual: tasa,
    },
    cuotas,
  };
}
