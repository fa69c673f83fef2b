import {
  diasEntre,
  generarCuotas,
  METODOS_AMORTIZACION,
  sumarDias,
  sumarMeses,
  PRIMER_VENCIMIENTO_MAX_DIAS,
  PRIMER_VENCIMIENTO_MIN_DIAS,
  type MetodoAmortizacion,
} from '@cuota/shared';

/**
 * The numbers the disbursement dialog confirms, computed with the same shared schedule the server
 * creates the credit with (domain.planDesembolso → generarCuotas): the same principal, rate, term,
 * method, disbursement date and first due date give the same cuotas to the céntimo. A first due
 * date equal to the default (one month) is sent and computed as the default, as the server does.
 */
export interface VistaDesembolso {
  monto: number;
  /** Fees deducted at disbursement: 0 until products carry a fee. */
  comisiones: number;
  neto: number;
  /** The level cuota (the second one, the first carrying the broken period), or the only one. */
  cuota: number;
  primeraCuota: number;
  primerVencimiento: string;
  diasPrimerPeriodo: number;
  interesPrimerPeriodo: number;
  totalIntereses: number;
  costoTotal: number;
}

export function primerVencimientoPorDefecto(hoy: string): string {
  return sumarMeses(hoy, 1);
}

/** The date picker's bounds (the server refuses dates outside them). */
export function limitesPrimerVencimiento(hoy: string): { min: string; max: string } {
  return { min: sumarDias(hoy, PRIMER_VENCIMIENTO_MIN_DIAS), max: sumarDias(hoy, PRIMER_VENCIMIENTO_MAX_DIAS) };
}

export function vistaDesembolso(input: {
  montoCentimos: number;
  tasaAnual: string;
  plazoMeses: number;
  metodo: string | null | undefined;
  hoy: string;
  primerVencimiento: string;
}): VistaDesembolso | null {
  const metodo = (METODOS_AMORTIZACION as readonly string[]).includes(input.metodo ?? '')
    ? (input.metodo as MetodoAmortizacion)
    : 'cuota_nivelada';
  const porDefecto = input.primerVencimiento === primerVencimientoPorDefecto(input.hoy);
  let plan;
  try {
    plan = generarCuotas({
      principalCentimos: input.montoCentimos,
      tasaAnual: input.tasaAnual,
      plazoMeses: input.plazoMeses,
      fechaDesembolso: input.hoy,
      ...(porDefecto ? {} : { fechaPrimerVencimiento: input.primerVencimiento }),
      metodo,
    });
  } catch {
    return null;
  }
  const primera = plan[0]!;
  const totalIntereses = plan.reduce((s, c) => s + c.monto_interes_centimos, 0);
  const comisiones = 0;
  return {
    monto: input.montoCentimos,
    comisiones,
    neto: input.montoCentimos - comisiones,
    cuota: (plan[1] ?? primera).monto_total_centimos,
    primeraCuota: primera.monto_total_centimos,
    primerVencimiento: primera.fecha_vencimiento,
    diasPrimerPeriodo: diasEntre(input.hoy, primera.fecha_vencimiento),
    interesPrimerPeriodo: primera.monto_interes_centimos,
    totalIntereses,
    costoTotal: totalIntereses + comisiones,
  };
}
