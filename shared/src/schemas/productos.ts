import * as z from 'zod/mini';
import { METODOS_AMORTIZACION, MULTIPLOS_CUOTA } from '../domain/amortizacion';
import { MODALIDADES_COMISION, TIPOS_COMISION } from '../domain/condiciones';
import { formatPorcentaje } from '../format';
import { productosTexts } from '../texts/productos';
import { validationTexts } from '../texts/validation';
import { paginationQuery } from './common';
import { productoSchema } from './lending';

const t = productosTexts;
const v = productosTexts.validation;

/** Spec §5: terms are integers 1..360 months. */
export const PLAZO_PRODUCTO_MAX_MESES = 360;
/** Beyond 90 days a loan is non-performing anyway (SUGEF), so a longer grace makes no sense. */
export const DIAS_TOLERANCIA_MAX = 90;

const PORCENTAJE = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/**
 * A percentage as a decimal string with up to 2 decimals (spec §5: step 0.01), normalized to
 * exactly two ("18.5" → "18.50"). A decimal comma is accepted as typed in es-CR. Never a float.
 */
export function porcentajeSchema(requerido: string, formato: string = v.tasaFormato) {
  return z.pipe(
    z
      .pipe(
        z.string({ error: (iss) => (iss.input === undefined ? requerido : formato) }).check(z.trim()),
        z.transform((s) => s.replace(',', '.')),
      )
      .check(z.refine((s) => PORCENTAJE.test(s), formato)),
    z.transform(normalizarPorcentaje),
  );
}

/** "018.5" → "18.50"; input must match PORCENTAJE. */
export function normalizarPorcentaje(s: string): string {
  const [, entero, dec = ''] = PORCENTAJE.exec(s)!;
  return `${Number(entero)}.${dec.padEnd(2, '0')}`;
}

/** A percentage string in hundredths of a percent, exactly ("18.50" → 1850n). */
export function centesimasDePorcentaje(s: string): bigint {
  const m = PORCENTAJE.exec(s.trim());
  if (!m) throw new RangeError(`porcentaje inválido: "${s}"`);
  return BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

export function formatoPorcentaje(centesimas: bigint): string {
  return `${centesimas / 100n}.${String(centesimas % 100n).padStart(2, '0')}`;
}

/**
 * Código de Comercio art. 498: moratory interest may exceed the agreed rate by at most 30 %.
 * The highest moratoria allowed for a rate, truncated to the hundredth (never above the cap).
 */
export function tasaMoratoriaMaxima(tasaInteresAnual: string): string {
  return formatoPorcentaje((centesimasDePorcentaje(tasaInteresAnual) * 13n) / 10n);
}

const monto = (requerido: string) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? requerido : v.montoEntero) })
    .check(z.int(v.montoEntero), z.gte(1, v.montoPositivo), z.lte(Number.MAX_SAFE_INTEGER, v.montoGrande));

const plazo = (requerido: string) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? requerido : v.plazoEntero) })
    .check(z.int(v.plazoEntero), z.gte(1, v.plazoRango), z.lte(PLAZO_PRODUCTO_MAX_MESES, v.plazoRango));

/**
 * The product form (spec §5) plus the lending terms the engine needs. The extra terms are
 * optional: on create the server fills the defaults, on update it keeps the current values.
 */
export const productoCamposSchema = z.object({
  codigo: z
    .string({ error: v.codigo })
    .check(z.trim(), z.toUpperCase(), z.minLength(1, v.codigo), z.regex(/^[A-Z0-9][A-Z0-9_-]{1,19}$/, v.codigoFormato)),
  nombre: z.string({ error: v.nombre }).check(z.trim(), z.minLength(3, v.nombre), z.maxLength(100, validationTexts.tooLong)),
  descripcion: z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(500, validationTexts.tooLong))),
    z.transform((d) => (d ? d : null)),
  ),
  monto_minimo_centimos: monto(v.montoMinimo),
  monto_maximo_centimos: monto(v.montoMaximo),
  plazo_minimo_meses: plazo(v.plazoMinimo),
  plazo_maximo_meses: plazo(v.plazoMaximo),
  tasa_interes_anual: porcentajeSchema(v.tasa),
  metodo_amortizacion: z.optional(z.enum(METODOS_AMORTIZACION, { error: v.metodo })),
  tasa_moratoria_anual: z.optional(porcentajeSchema(v.tasaMoratoria)),
  dias_tolerancia: z.optional(
    z
      .number({ error: v.diasTolerancia })
      .check(z.int(v.diasTolerancia), z.gte(0, v.diasTolerancia), z.lte(DIAS_TOLERANCIA_MAX, v.diasTolerancia)),
  ),
  /** Which usury cap applies (Ley 7472 art. 36 bis): the microcrédito one when true. */
  es_microcredito: z.optional(z.boolean({ error: v.esMicrocredito })),
  /**
   * Pricing (docs/lending-engine.md "Pricing"). Left out: create has none, update keeps the
   * current value; null clears it.
   */
  comision_formalizacion_tipo: z.nullish(z.enum(TIPOS_COMISION, { error: v.comisionTipo })),
  /** 'porcentaje': a percent string ("3.00"); 'fija': céntimos. */
  comision_formalizacion_valor: z.nullish(
    z.union(
      [
        z.number().check(z.int(v.comisionFija), z.gte(1, v.comisionFija), z.lte(Number.MAX_SAFE_INTEGER, v.montoGrande)),
        porcentajeSchema(v.comisionValor, v.comisionPorcentaje),
      ],
      { error: v.comisionValor },
    ),
  ),
  comision_formalizacion_modalidad: z.nullish(z.enum(MODALIDADES_COMISION, { error: v.comisionModalidad })),
  meses_gracia: z.optional(z.number({ error: v.mesesGracia }).check(z.int(v.mesesGracia), z.gte(0, v.mesesGracia))),
  multiplo_cuota: z.nullish(
    z
      .number({ error: v.multiploCuota })
      .check(z.refine((m) => (MULTIPLOS_CUOTA as readonly number[]).includes(m), v.multiploCuota)),
  ),
});
export type ProductoCampos = z.output<typeof productoCamposSchema>;

export interface CondicionesProducto {
  monto_minimo_centimos: number;
  monto_maximo_centimos: number;
  plazo_minimo_meses: number;
  plazo_maximo_meses: number;
  tasa_interes_anual: string;
  tasa_moratoria_anual?: string | undefined;
  comision_formalizacion_tipo?: string | null | undefined;
  comision_formalizacion_valor?: string | number | null | undefined;
  comision_formalizacion_modalidad?: string | null | undefined;
  meses_gracia?: number | undefined;
}

/**
 * The cross-field rules a form can check without the server: min ≤ max for amount and term,
 * and the moratoria cap of art. 498. Returns `{ field: message }`, empty when all hold.
 */
export function erroresRangosProducto(p: CondicionesProducto): Record<string, string> {
  const errores: Record<string, string> = {};
  // The schema's refinement also runs when a field already failed (its raw input is here then):
  // compare only values that are well formed, the failed field has its own message.
  const numeros = (a: unknown, b: unknown) => typeof a === 'number' && typeof b === 'number';
  const porcentaje = (s: unknown): s is string => typeof s === 'string' && PORCENTAJE.test(s.trim());
  if (numeros(p.monto_minimo_centimos, p.monto_maximo_centimos) && p.monto_minimo_centimos > p.monto_maximo_centimos) {
    errores.monto_minimo_centimos = t.montoRango;
  }
  if (numeros(p.plazo_minimo_meses, p.plazo_maximo_meses) && p.plazo_minimo_meses > p.plazo_maximo_meses) {
    errores.plazo_minimo_meses = t.plazoRango;
  }
  if (porcentaje(p.tasa_moratoria_anual) && porcentaje(p.tasa_interes_anual)) {
    const maxima = tasaMoratoriaMaxima(p.tasa_interes_anual);
    if (centesimasDePorcentaje(p.tasa_moratoria_anual) > centesimasDePorcentaje(maxima)) {
      errores.tasa_moratoria_anual = t.moratoriaExcesiva(formatPorcentaje(maxima));
    }
  }
  Object.assign(errores, erroresPrecioProducto(p));
  return errores;
}

/**
 * The pricing rules: a fee type needs a value of its kind (a percent strictly between 0 and
 * 100; whole céntimos > 0, below the minimum amount when deducted), and the grace months leave
 * at least one amortizing cuota on the shortest term the product allows.
 */
export function erroresPrecioProducto(p: CondicionesProducto): Record<string, string> {
  const errores: Record<string, string> = {};
  const valor = p.comision_formalizacion_valor;
  if (p.comision_formalizacion_tipo === 'porcentaje') {
    const centesimas = typeof valor === 'string' && PORCENTAJE.test(valor.trim()) ? centesimasDePorcentaje(valor) : -1n;
    if (centesimas < 1n || centesimas >= 10_000n) errores.comision_formalizacion_valor = v.comisionPorcentaje;
  } else if (p.comision_formalizacion_tipo === 'fija') {
    if (typeof valor !== 'number' || !Number.isSafeInteger(valor) || valor < 1) {
      errores.comision_formalizacion_valor = v.comisionFija;
    } else if (
      p.comision_formalizacion_modalidad !== 'financiada' &&
      typeof p.monto_minimo_centimos === 'number' &&
      valor >= p.monto_minimo_centimos
    ) {
      errores.comision_formalizacion_valor = v.comisionFijaExcesiva;
    }
  }
  const gracia = p.meses_gracia;
  if (typeof gracia === 'number' && typeof p.plazo_minimo_meses === 'number' && gracia >= p.plazo_minimo_meses) {
    errores.meses_gracia = v.mesesGraciaPlazo(Math.max(0, p.plazo_minimo_meses - 1));
  }
  return errores;
}

/** POST /api/productos and PUT /api/productos/{id} (the form sends every spec field both times). */
export const productoCrearSchema = productoCamposSchema.check(
  z.superRefine((p, ctx) => {
    for (const [campo, message] of Object.entries(erroresRangosProducto(p))) {
      ctx.addIssue({ code: 'custom', path: [campo], message });
    }
  }),
);
export const productoActualizarSchema = productoCrearSchema;
export type ProductoCrear = z.output<typeof productoCrearSchema>;
export type ProductoCrearInput = z.input<typeof productoCrearSchema>;

/** PATCH /api/productos/{id}: activate or deactivate. */
export const productoEstadoSchema = z.object({ activo: z.boolean({ error: v.activo }) });

/** GET /api/productos: `?activos=true` → only active ones ordered by name (for selects). */
export const productosQuery = z.extend(paginationQuery, {
  activos: z.optional(z.enum(['true', 'false'], { error: v.activos })),
});

/** The product with the lending terms the engine uses (schedule method, arrears, usury cap). */
export const productoDetalleSchema = z.extend(productoSchema, {
  metodo_amortizacion: z.enum(METODOS_AMORTIZACION),
  tasa_moratoria_anual: z.string(),
  dias_tolerancia: z.number().check(z.int()),
  es_microcredito: z.boolean(),
  updated_at: z.nullable(z.string()),
  /** Pricing; absent or null on products that have none (they price as before). */
  comision_formalizacion_tipo: z.optional(z.nullable(z.enum(TIPOS_COMISION))),
  comision_formalizacion_valor: z.optional(z.nullable(z.union([z.string(), z.number().check(z.int())]))),
  comision_formalizacion_modalidad: z.optional(z.nullable(z.enum(MODALIDADES_COMISION))),
  meses_gracia: z.optional(z.number().check(z.int())),
  multiplo_cuota: z.optional(z.nullable(z.number().check(z.int()))),
});
export type ProductoDetalle = z.infer<typeof productoDetalleSchema>;

/** What a credit stores of its price (domain/condiciones.ts PrecioCredito); absent on older credits. */
export const precioCreditoSchema = z.object({
  comision_formalizacion_centimos: z.optional(z.number().check(z.int())),
  neto_desembolsado_centimos: z.optional(z.number().check(z.int())),
  costo_total_centimos: z.optional(z.number().check(z.int())),
  tae: z.optional(z.string()),
  interes_primer_periodo_centimos: z.optional(z.number().check(z.int())),
});
