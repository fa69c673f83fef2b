import {
  centesimasDePorcentaje,
  erroresRangosProducto,
  formatPorcentaje,
  tasaMoratoriaMaxima,
  type ProductoCampos,
  type ProductoDetalle,
} from '@cuota/shared';
import { productosTexts } from '@cuota/shared/texts/productos';

/** The usury caps in force (settings tasa_usura_credito_anual / tasa_usura_microcredito_anual). */
export interface TopesUsura {
  credito: string;
  microcredito: string;
}

/**
 * Which cap of Ley 7472 art. 36 bis applies to a product: the microcrédito cap when the product
 * is declared a microcrédito (`es_microcredito`), the general credit cap otherwise. A declared
 * flag, not a threshold on the amount: the administrator classifies the product as it is
 * reported to the regulator, and the check cannot silently change when amounts are edited.
 */
export function topeAplicable(p: { es_microcredito: boolean }, topes: TopesUsura) {
  return p.es_microcredito
    ? { tipo: 'microcrédito' as const, tope: topes.microcredito }
    : { tipo: 'crédito' as const, tope: topes.credito };
}

/**
 * Every rule a product must satisfy, as `{ field: message }` (empty when valid): min ≤ max for
 * amount and term, moratoria ≤ 1.3 × corriente (Código de Comercio art. 498) and the rate at or
 * below the applicable usury cap. Compared exactly in hundredths of a percent.
 */
export function erroresProducto(p: ProductoDetalle, topes: TopesUsura): Record<string, string> {
  const errores = erroresRangosProducto(p);
  const { tipo, tope } = topeAplicable(p, topes);
  if (centesimasDePorcentaje(p.tasa_interes_anual) > centesimasDePorcentaje(tope)) {
    errores.tasa_interes_anual = productosTexts.usura(formatPorcentaje(tope), tipo);
  }
  return errores;
}

/** The fields the product form always sends, which replace the stored ones on create and on edit. */
function camposDelFormulario(campos: ProductoCampos) {
  return {
    codigo: campos.codigo,
    nombre: campos.nombre,
    descripcion: campos.descripcion,
    monto_minimo_centimos: campos.monto_minimo_centimos,
    monto_maximo_centimos: campos.monto_maximo_centimos,
    plazo_minimo_meses: campos.plazo_minimo_meses,
    plazo_maximo_meses: campos.plazo_maximo_meses,
    tasa_interes_anual: campos.tasa_interes_anual,
  };
}

/**
 * A new product from the form. Defaults for the terms the spec's form does not have:
 * cuota nivelada; tasa moratoria at the legal maximum (1.3 × corriente, what the lender's
 * existing products use); no tolerance days; general-credit usury cap.
 */
export function productoNuevo(campos: ProductoCampos, id: string, now: Date): ProductoDetalle {
  return {
    id,
    ...camposDelFormulario(campos),
    metodo_amortizacion: campos.metodo_amortizacion ?? 'cuota_nivelada',
    tasa_moratoria_anual: campos.tasa_moratoria_anual ?? tasaMoratoriaMaxima(campos.tasa_interes_anual),
    dias_tolerancia: campos.dias_tolerancia ?? 0,
    es_microcredito: campos.es_microcredito ?? false,
    activo: true,
    created_at: now.toISOString(),
    updated_at: null,
    ...precioEditado({}, campos),
  };
}

type Precio = Pick<
  ProductoDetalle,
  | 'comision_formalizacion_tipo'
  | 'comision_formalizacion_valor'
  | 'comision_formalizacion_modalidad'
  | 'meses_gracia'
  | 'multiplo_cuota'
>;

/**
 * The pricing fields after a create or edit: a field the request leaves out keeps its current
 * value (none on a new product), null clears it (stored as null so the rewrite drops the old
 * one). Without a fee type the value and modalidad are cleared; with one, the modalidad defaults
 * to 'deducida'.
 */
export function precioEditado(actual: Precio, campos: ProductoCampos): Precio {
  const out: Precio = {};
  const tomar = <K extends keyof Precio>(campo: K) => {
    const valor = campos[campo] === undefined ? actual[campo] : campos[campo];
    if (valor !== undefined) out[campo] = valor as Precio[K];
  };
  tomar('comision_formalizacion_tipo');
  tomar('comision_formalizacion_valor');
  tomar('comision_formalizacion_modalidad');
  tomar('meses_gracia');
  tomar('multiplo_cuota');
  if (out.comision_formalizacion_tipo) out.comision_formalizacion_modalidad ??= 'deducida';
  else if (out.comision_formalizacion_tipo === null || actual.comision_formalizacion_tipo) {
    Object.assign(out, {
      comision_formalizacion_tipo: null,
      comision_formalizacion_valor: null,
      comision_formalizacion_modalidad: null,
    });
  } else {
    delete out.comision_formalizacion_valor;
    delete out.comision_formalizacion_modalidad;
  }
  return out;
}

/**
 * The product after a full edit (PUT): the form's fields replace the current ones; the extra
 * lending terms keep their current value when the request leaves them out, so a form that does
 * not show them cannot reset them. id, activo and created_at never change here.
 */
export function productoEditado(actual: ProductoDetalle, campos: ProductoCampos, now: Date): ProductoDetalle {
  return {
    ...actual,
    ...camposDelFormulario(campos),
    metodo_amortizacion: campos.metodo_amortizacion ?? actual.metodo_amortizacion,
    tasa_moratoria_anual: campos.tasa_moratoria_anual ?? actual.tasa_moratoria_anual,
    dias_tolerancia: campos.dias_tolerancia ?? actual.dias_tolerancia,
    es_microcredito: campos.es_microcredito ?? actual.es_microcredito,
    updated_at: now.toISOString(),
    ...precioEditado(actual, campos),
  };
}
