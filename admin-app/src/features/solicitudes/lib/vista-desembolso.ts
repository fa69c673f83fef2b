import {
  METODOS_AMORTIZACION,
  diasEntre,
  sumarDias,
  sumarMeses,
  type MetodoAmortizacion,
} from '@cuota/shared/domain/amortizacion';
import { condicionesDelCredito, type ProductoPrecio } from '@cuota/shared/domain/condiciones';
import { PRIMER_VENCIMIENTO_MAX_DIAS, PRIMER_VENCIMIENTO_MIN_DIAS } from '@cuota/shared/schemas/solicitudes';

/**
 * The numbers the disbursement dialog confirms, computed with the same shared pricing the server
 * creates the credit with (domain.planDesembolso → condicionesDelCredito): the same amount, rate,
 * term, method, product (fee, grace, cuota multiple), disbursement date and first due date give
 * the same cuotas, fee, net, total cost and TAE to the céntimo. A first due date equal to the
 * default (one month) is computed as the default, as the server does.
 */
export interface VistaDesembolso {
  monto: number;
  /** The comisión de formalización (deducted from the net, or financed in the principal). */
  comisiones: number;
  financiada: boolean;
  /** What the schedule amortizes: the amount, plus a financed fee. */
  principal: number;
  neto: number;
  /** The level cuota (the second one, the first carrying the broken period), or the only one. */
  cuota: number;
  primeraCuota: number;
  primerVencimiento: string;
  diasPrimerPeriodo: number;
  interesPrimerPeriodo: number;
  totalIntereses: number;
  costoTotal: number;
  /** Percent, 2 decimals. */
  tae: string;
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
  producto?: ProductoPrecio | null;
}): VistaDesembolso | null {
  const metodo = (METODOS_AMORTIZACION as readonly string[]).includes(input.metodo ?? '')
    ? (input.metodo as MetodoAmortizacion)
    : 'cuota_nivelada';
  const porDefecto = input.primerVencimiento === primerVencimientoPorDefecto(input.hoy);
  let c;
  try {
    c = condicionesDelCredito({
      montoAprobadoCentimos: input.montoCentimos,
      tasaAnual: input.tasaAnual,
      plazoMeses: input.plazoMeses,
      metodo,
      fechaDesembolso: input.hoy,
      fechaPrimerVencimiento: porDefecto ? undefined : input.primerVencimiento,
      producto: input.producto ?? null,
    });
  } catch {
    return null;
  }
  const primera = c.cuotas[0]!;
  return {
    monto: input.montoCentimos,
    comisiones: c.comision_centimos,
    financiada: c.principal_centimos > input.montoCentimos,
    principal: c.principal_centimos,
    neto: c.neto_centimos,
    cuota: c.cuota_centimos,
    primeraCuota: primera.monto_total_centimos,
    primerVencimiento: primera.fecha_vencimiento,
    diasPrimerPeriodo: diasEntre(input.hoy, primera.fecha_vencimiento),
    interesPrimerPeriodo: c.interes_primer_periodo_centimos,
    totalIntereses: c.cuotas.reduce((s, x) => s + x.monto_interes_centimos, 0),
    costoTotal: c.costo_total_centimos,
    tae: c.tae,
  };
}
