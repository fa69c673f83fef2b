import {
  generarCuotas,
  sumarMeses,
  diasEntre,
  MULTIPLOS_CUOTA,
  type CuotaPlan,
  type GenerarCuotasInput,
  type MetodoAmortizacion,
  type MultiploCuota,
} from './amortizacion';
import { parseDecimal, roundHalfEven, toSafeNumber } from './money';

function interesMensual(principalCentimos: number, tasaAnual: string): number {
  const t = parseDecimal(tasaAnual);
  return toSafeNumber(roundHalfEven(BigInt(principalCentimos) * t.num, t.den * 1200n));
}

/**
 * What a credit costs the customer (docs/lending-engine.md "Pricing: fees, grace, multiples,
 * broken period, total cost and TAE"): the comisión de formalización, the schedule with the
 * product's grace and cuota multiple and an exact broken first period, the costo total del
 * crédito and the tasa anual efectiva (TAE, with fees). Pure: the server and the apps call the
 * same function, so the preview, the disbursement and the contract show the same numbers.
 */

export const TIPOS_COMISION = ['porcentaje', 'fija'] as const;
export type TipoComision = (typeof TIPOS_COMISION)[number];
export const MODALIDADES_COMISION = ['deducida', 'financiada'] as const;
export type ModalidadComision = (typeof MODALIDADES_COMISION)[number];

export interface Comision {
  tipo: TipoComision;
  /** 'porcentaje': percent of the approved amount as a decimal string ("3.00"); 'fija': céntimos. */
  valor: string | number;
  /** 'deducida': taken from the disbursement; 'financiada': added to the principal. */
  modalidad: ModalidadComision;
}

/** The pricing fields a product carries (all optional: products without them price as before). */
export interface ProductoPrecio {
  comision_formalizacion_tipo?: TipoComision | null;
  comision_formalizacion_valor?: string | number | null;
  comision_formalizacion_modalidad?: ModalidadComision | null;
  meses_gracia?: number | null;
  multiplo_cuota?: number | null;
}

export interface ComisionCalculada {
  comision_centimos: number;
  /** What the schedule amortizes: the approved amount, plus the fee when financed. */
  principal_centimos: number;
  /** What reaches the customer: the approved amount, minus the fee when deducted. */
  neto_centimos: number;
}

/**
 * The comisión de formalización on an approved amount: a percentage is rounded half-even to the
 * céntimo. A deducted fee must leave something to disburse.
 */
export function comisionFormalizacion(comision: Comision | null | undefined, montoAprobadoCentimos: number): ComisionCalculada {
  if (!Number.isSafeInteger(montoAprobadoCentimos) || montoAprobadoCentimos < 1) {
    throw new RangeError('el monto aprobado debe ser un entero de céntimos ≥ 1');
  }
  if (!comision) return { comision_centimos: 0, principal_centimos: montoAprobadoCentimos, neto_centimos: montoAprobadoCentimos };
  let fee: number;
  if (comision.tipo === 'porcentaje') {
    const pct = parseDecimal(String(comision.valor));
    fee = toSafeNumber(roundHalfEven(BigInt(montoAprobadoCentimos) * pct.num, pct.den * 100n));
  } else if (comision.tipo === 'fija') {
    fee = Number(comision.valor);
    if (!Number.isSafeInteger(fee) || fee < 0) throw new RangeError('la comisión fija debe ser un entero de céntimos ≥ 0');
  } else throw new RangeError(`tipo de comisión desconocido: ${String(comision.tipo)}`);
  if (comision.modalidad === 'financiada') {
    return { comision_centimos: fee, principal_centimos: montoAprobadoCentimos + fee, neto_centimos: montoAprobadoCentimos };
  }
  if (comision.modalidad !== 'deducida') throw new RangeError(`modalidad de comisión desconocida: ${String(comision.modalidad)}`);
  if (fee >= montoAprobadoCentimos) throw new RangeError('la comisión deducida no puede igualar o superar el monto aprobado');
  return { comision_centimos: fee, principal_centimos: montoAprobadoCentimos, neto_centimos: montoAprobadoCentimos - fee };
}

/** The product's fee, or null when it has none. */
export function comisionDelProducto(producto: ProductoPrecio | null | undefined): Comision | null {
  if (!producto?.comision_formalizacion_tipo || producto.comision_formalizacion_valor == null) return null;
  return {
    tipo: producto.comision_formalizacion_tipo,
    valor: producto.comision_formalizacion_valor,
    modalidad: producto.comision_formalizacion_modalidad ?? 'deducida',
  };
}

/** The generator options a product implies (grace, cuota multiple) plus the exact broken first period. */
export function opcionesDeCalendario(
  producto: ProductoPrecio | null | undefined,
): Pick<GenerarCuotasInput, 'periodoIrregular' | 'mesesGracia' | 'multiploCuota'> {
  const multiplo = producto?.multiplo_cuota ?? null;
  return {
    periodoIrregular: 'exacto',
    mesesGracia: producto?.meses_gracia ?? 0,
    multiploCuota:
      multiplo !== null && (MULTIPLOS_CUOTA as readonly number[]).includes(multiplo) ? (multiplo as MultiploCuota) : null,
  };
}

/**
 * Costo total del crédito: everything the customer pays beyond what they receive, Σ cuotas − neto
 * = Σ intereses + comisión (a financed fee is inside the capital, so its interest counts too).
 */
export function costoTotalCredito(
  cuotas: ReadonlyArray<Pick<CuotaPlan, 'monto_interes_centimos'>>,
  comisionCentimos: number,
): number {
  return cuotas.reduce((s, c) => s + c.monto_interes_centimos, 0) + comisionCentimos;
}

/**
 * Years from the disbursement to a due date as the EU consumer-credit APR counts them (and the
 * TCEA usually): whole months as 1/12 year each, the days left over as 1/365. A regular monthly
 * schedule gives exactly k/12, so with no fees the TAE is (1 + i)^12 − 1.
 */
export function aniosDesde(fechaDesembolso: string, fecha: string): number {
  // sumarMeses(d, m) is at most 31·m days after d, so floor(days / 31) whole months always fit
  let meses = Math.max(0, Math.floor(diasEntre(fechaDesembolso, fecha) / 31));
  while (diasEntre(sumarMeses(fechaDesembolso, meses + 1), fecha) >= 0) meses++;
  return meses / 12 + diasEntre(sumarMeses(fechaDesembolso, meses), fecha) / 365;
}

/**
 * Tasa anual efectiva (TAE / TCEA, with fees): the annual rate A at which the cuotas, discounted
 * at (1 + A)^−t (t in years, aniosDesde), are worth the net disbursed. Solved by bisection on
 * ln(1 + A) (the present value falls strictly as the rate rises: one root), to 1e-13; returned
 * in percent with 2 decimals, e.g. "26.82".
 */
export function tasaEfectivaAnual(
  netoCentimos: number,
  cuotas: ReadonlyArray<Pick<CuotaPlan, 'fecha_vencimiento' | 'monto_total_centimos'>>,
  fechaDesembolso: string,
): string {
  if (!Number.isSafeInteger(netoCentimos) || netoCentimos < 1) throw new RangeError('el neto debe ser un entero de céntimos ≥ 1');
  const flujos = cuotas.map((c) => ({ t: aniosDesde(fechaDesembolso, c.fecha_vencimiento), c: c.monto_total_centimos }));
  const valor = (x: number) => flujos.reduce((s, f) => s + f.c * Math.exp(-x * f.t), 0) - netoCentimos;
  let bajo = -20;
  let alto = 20;
  if (valor(bajo) < 0) return '-100.00';
  if (valor(alto) > 0) throw new RangeError('la tasa efectiva está fuera de rango');
  for (let k = 0; k < 200 && alto - bajo > 1e-13; k++) {
    const medio = (bajo + alto) / 2;
    if (valor(medio) > 0) bajo = medio;
    else alto = medio;
  }
  const tae = Math.expm1((bajo + alto) / 2) * 100;
  const texto = (Math.round(tae * 100) / 100).toFixed(2);
  return texto === '-0.00' ? '0.00' : texto;
}

export interface CondicionesDelCreditoInput {
  montoAprobadoCentimos: number;
  tasaAnual: string;
  plazoMeses: number;
  metodo: MetodoAmortizacion;
  /** YYYY-MM-DD */
  fechaDesembolso: string;
  /** YYYY-MM-DD; defaults to one month after the disbursement. */
  fechaPrimerVencimiento?: string | undefined;
  producto?: ProductoPrecio | null | undefined;
}

export interface CondicionesDelCredito extends ComisionCalculada {
  cuotas: CuotaPlan[];
  /** The regular cuota: the first one after the grace months not changed by a broken period. */
  cuota_centimos: number;
  interes_primer_periodo_centimos: number;
  costo_total_centimos: number;
  /** Percent, 2 decimals ("26.82"). */
  tae: string;
}

/** Everything a credit on a product costs, for the preview, the disbursement and the contract. */
export function condicionesDelCredito(input: CondicionesDelCreditoInput): CondicionesDelCredito {
  const comision = comisionFormalizacion(comisionDelProducto(input.producto), input.montoAprobadoCentimos);
  const opciones = opcionesDeCalendario(input.producto);
  const cuotas = generarCuotas({
    principalCentimos: comision.principal_centimos,
    tasaAnual: input.tasaAnual,
    plazoMeses: input.plazoMeses,
    metodo: input.metodo,
    fechaDesembolso: input.fechaDesembolso,
    ...(input.fechaPrimerVencimiento ? { fechaPrimerVencimiento: input.fechaPrimerVencimiento } : {}),
    ...opciones,
  });
  // the first cuota after grace, or cuota 2 when period 1 is broken (and cuota 2 is not the last)
  const roto = cuotas[0]!.monto_interes_centimos !== interesMensual(comision.principal_centimos, input.tasaAnual);
  const indice = opciones.mesesGracia || (roto && cuotas.length > 2 ? 1 : 0);
  return {
    ...comision,
    cuotas,
    cuota_centimos: cuotas[indice]!.monto_total_centimos,
    interes_primer_periodo_centimos: cuotas[0]!.monto_interes_centimos,
    costo_total_centimos: costoTotalCredito(cuotas, comision.comision_centimos),
    tae: tasaEfectivaAnual(comision.neto_centimos, cuotas, input.fechaDesembolso),
  };
}

/**
 * What a credit stores of its price (from condicionesDelCredito at disbursement), for the credit
 * detail and the contract. All optional: credits disbursed before pricing have none.
 */
export interface PrecioCredito {
  comision_formalizacion_centimos?: number;
  neto_desembolsado_centimos?: number;
  costo_total_centimos?: number;
  /** Percent, 2 decimals ("26.82"). */
  tae?: string;
  interes_primer_periodo_centimos?: number;
}

export const CAMPOS_PRECIO_CREDITO = [
  'comision_formalizacion_centimos',
  'neto_desembolsado_centimos',
  'costo_total_centimos',
  'tae',
  'interes_primer_periodo_centimos',
] as const;

/** The fields to store on the credit item: spread them into the credit at disbursement. */
export function precioDelCredito(c: CondicionesDelCredito): Required<PrecioCredito> {
  return {
    comision_formalizacion_centimos: c.comision_centimos,
    neto_desembolsado_centimos: c.neto_centimos,
    costo_total_centimos: c.costo_total_centimos,
    tae: c.tae,
    interes_primer_periodo_centimos: c.interes_primer_periodo_centimos,
  };
}

/** The price fields a stored credit has (none for older credits). */
export function precioGuardado(credito: object): PrecioCredito {
  const fuente = credito as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const campo of CAMPOS_PRECIO_CREDITO) if (fuente[campo] != null) out[campo] = fuente[campo];
  return out as PrecioCredito;
}
