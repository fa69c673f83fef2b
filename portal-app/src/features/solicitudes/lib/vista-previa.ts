import type { MetodoAmortizacion } from '@cuota/shared/domain/amortizacion';
import { condicionesDelCredito, type CondicionesDelCredito, type ProductoPrecio } from '@cuota/shared/domain/condiciones';
import { fechaNegocio } from '@cuota/shared/domain/fechas';
import { leerMonto } from '@cuota/shared/montos';
import {
  SOLICITUD_MONTO_MAX_CENTIMOS,
  SOLICITUD_MONTO_MIN_CENTIMOS,
  SOLICITUD_PLAZO_MAX,
  SOLICITUD_PLAZO_MIN,
} from '@cuota/shared/schemas/solicitudes';

export interface FilaVistaPrevia {
  numero: number;
  capital: number;
  interes: number;
  total: number;
  saldo: number;
}

export interface VistaPrevia {
  metodo: MetodoAmortizacion;
  plazoMeses: number;
  /** The regular cuota (after any grace months): the level payment, or the largest one for capital constante. */
  cuotaCentimos: number;
  totalInteresesCentimos: number;
  /** Σ cuotas. */
  totalPagarCentimos: number;
  /** The product's comisión de formalización (0 without one) and what reaches the customer. */
  comisionCentimos: number;
  netoCentimos: number;
  /** Costo total del crédito: Σ intereses + comisión. */
  costoTotalCentimos: number;
  /** Tasa anual efectiva with fees, percent with 2 decimals ("26.82"). */
  tae: string;
  /** Every cuota of the plan, the last one included. */
  filas: FilaVistaPrevia[];
}

/**
 * A number (the term) as typed in an es-CR text box: spaces (also the no-break ones es-CR groups
 * thousands with) are dropped and a decimal comma is accepted. '' and anything else give NaN.
 * Amounts are read by the shared leerMonto instead.
 */
export function leerNumero(texto: string): number {
  const limpio = texto.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return limpio === '' ? Number.NaN : Number(limpio);
}

/** The amount typed in colones (leerMonto) as céntimos, or null when it is not a valid solicitud amount. */
export function montoCentimosDe(texto: string): number | null {
  const lectura = leerMonto(texto);
  if (!lectura.ok) return null;
  const { centimos } = lectura;
  return centimos >= SOLICITUD_MONTO_MIN_CENTIMOS && centimos <= SOLICITUD_MONTO_MAX_CENTIMOS ? centimos : null;
}

/** The term typed in months, or null when it is not a whole number in 1..60. */
export function plazoMesesDe(texto: string): number | null {
  const meses = leerNumero(texto);
  return Number.isInteger(meses) && meses >= SOLICITUD_PLAZO_MIN && meses <= SOLICITUD_PLAZO_MAX ? meses : null;
}

/**
 * The credit the server would create on disbursement: condicionesDelCredito, the shared function
 * the disbursement uses, with the product's rate, method, fee, grace and cuota multiple, disbursed
 * today with the first cuota a month later (the default), so the preview matches it to the céntimo.
 */
export function vistaPrevia(input: {
  montoCentimos: number;
  plazoMeses: number;
  tasaAnual: string;
  metodo: MetodoAmortizacion;
  producto?: ProductoPrecio | undefined;
  fechaDesembolso?: string | undefined;
}): VistaPrevia | null {
  let c: CondicionesDelCredito;
  try {
    c = condicionesDelCredito({
      montoAprobadoCentimos: input.montoCentimos,
      tasaAnual: input.tasaAnual,
      plazoMeses: input.plazoMeses,
      metodo: input.metodo,
      fechaDesembolso: input.fechaDesembolso ?? fechaNegocio(new Date()),
      producto: input.producto,
    });
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
  const totalIntereses = c.cuotas.reduce((sum, q) => sum + q.monto_interes_centimos, 0);
  return {
    metodo: input.metodo,
    plazoMeses: input.plazoMeses,
    cuotaCentimos: c.cuota_centimos,
    totalInteresesCentimos: totalIntereses,
    totalPagarCentimos: c.cuotas.reduce((sum, q) => sum + q.monto_total_centimos, 0),
    comisionCentimos: c.comision_centimos,
    netoCentimos: c.neto_centimos,
    costoTotalCentimos: c.costo_total_centimos,
    tae: c.tae,
    // Every cuota: the last one absorbs the rounding and often differs from the others.
    filas: c.cuotas.map((q) => ({
      numero: q.numero_cuota,
      capital: q.monto_capital_centimos,
      interes: q.monto_interes_centimos,
      total: q.monto_total_centimos,
      saldo: q.saldo_capital_despues_centimos,
    })),
  };
}
