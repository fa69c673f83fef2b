import * as z from 'zod/mini';
import { reestructuracionTexts as t } from '../texts/reestructuracion';
import { isoDate } from './common';
import { FECHA_NEGOCIO_MAX, FECHA_NEGOCIO_MIN } from './pagos';
import { porcentajeSchema } from './productos';

/** Restructuring a credit (docs/lending-engine.md "Reestructuración"). */
/** refinanciamiento: a new credit that cancels the old one (its payoff is the new principal). */
export const TIPOS_REESTRUCTURACION = ['readecuacion', 'prorroga', 'refinanciamiento'] as const;
export type TipoReestructuracion = (typeof TIPOS_REESTRUCTURACION)[number];
export const PLAZO_REESTRUCTURACION_MAX = 84;

/** A calendar date that exists (2026-02-30 does not), in the business range. */
function fechaReal(iso: string): boolean {
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso) && iso >= FECHA_NEGOCIO_MIN && iso <= FECHA_NEGOCIO_MAX;
}

export const reestructurarSchema = z.object({
  tipo: z.enum(TIPOS_REESTRUCTURACION),
  capitalizar_mora: z.boolean(),
  plazo_meses: z.optional(
    z.number().check(z.int(t.plazoInvalido), z.gte(1, t.plazoInvalido), z.lte(PLAZO_REESTRUCTURACION_MAX, t.plazoInvalido)),
  ),
  tasa_anual: z.optional(
    porcentajeSchema(t.tasaInvalida, t.tasaInvalida).check(z.refine((v) => Number(v) <= 100, t.tasaInvalida)),
  ),
  meses_prorroga: z.optional(
    z.number().check(z.int(t.mesesProrrogaInvalidos), z.gte(1, t.mesesProrrogaInvalidos), z.lte(6, t.mesesProrrogaInvalidos)),
  ),
  fecha_primer_vencimiento: z.optional(
    z.pipe(z.string({ error: t.fechaInvalida }).check(z.trim()), isoDate).check(z.refine(fechaReal, t.fechaInvalida)),
  ),
  motivo: z
    .string({ error: t.motivoRequerido })
    .check(z.trim(), z.minLength(10, t.motivoRequerido), z.maxLength(500, t.motivoLargo)),
});
export type Reestructurar = z.infer<typeof reestructurarSchema>;
export type ReestructurarEntrada = z.input<typeof reestructurarSchema>;

export const rechazarReestructuracionSchema = z.object({
  motivo: z
    .string({ error: t.motivoRequerido })
    .check(z.trim(), z.minLength(10, t.motivoRequerido), z.maxLength(500, t.motivoLargo)),
});

const filaCalendario = z.object({
  numero_cuota: z.number().check(z.int()),
  fecha_vencimiento: z.string(),
  monto_capital_centimos: z.number().check(z.int()),
  monto_interes_centimos: z.number().check(z.int()),
  monto_total_centimos: z.number().check(z.int()),
  saldo_capital_despues_centimos: z.number().check(z.int()),
});

const resumenCalendario = z.object({
  cuota_centimos: z.number().check(z.int()),
  plazo_meses: z.number().check(z.int()),
  total_intereses_centimos: z.number().check(z.int()),
  saldo_capital_centimos: z.number().check(z.int()),
  tasa_interes_anual: z.string(),
});

/** The preview and the stored record share this shape. */
export const planReestructuracionSchema = z.object({
  fecha: z.string(),
  tipo: z.enum(TIPOS_REESTRUCTURACION),
  capitalizar_mora: z.boolean(),
  deuda: z.object({
    capital_centimos: z.number().check(z.int()),
    interes_vencido_centimos: z.number().check(z.int()),
    mora_centimos: z.number().check(z.int()),
    interes_corriente_centimos: z.number().check(z.int()),
  }),
  capitalizado_centimos: z.number().check(z.int()),
  arrastre_centimos: z.number().check(z.int()),
  antes: resumenCalendario,
  despues: resumenCalendario,
  cuotas: z.array(filaCalendario),
});
export type PlanReestructuracion = z.infer<typeof planReestructuracionSchema>;

export const reestructuracionSchema = z.object({
  id: z.string(),
  credito_id: z.string(),
  estado: z.enum(['propuesta', 'confirmada', 'rechazada']),
  tipo: z.enum(TIPOS_REESTRUCTURACION),
  parametros: reestructurarSchema,
  motivo: z.string(),
  propuesta_por: z.string(),
  propuesta_por_nombre: z.nullable(z.string()),
  confirmada_por: z.nullable(z.string()),
  rechazada_por: z.nullable(z.string()),
  motivo_rechazo: z.nullable(z.string()),
  created_at: z.string(),
  resuelta_en: z.nullable(z.string()),
  plan: planReestructuracionSchema,
  /** refinanciamiento: the new credit, once confirmed. */
  credito_nuevo_id: z.optional(z.nullable(z.string())),
  credito_nuevo_numero: z.optional(z.nullable(z.string())),
  /** The replaced schedule as it stood (paid and mora amounts are absent on records written before they were kept). */
  cuotas_anteriores: z.array(
    z.extend(filaCalendario, {
      pagada: z.boolean(),
      monto_mora_centimos: z.optional(z.number().check(z.int())),
      pagado_capital_centimos: z.optional(z.number().check(z.int())),
      pagado_interes_centimos: z.optional(z.number().check(z.int())),
      pagado_mora_centimos: z.optional(z.number().check(z.int())),
      interes_condonado_centimos: z.optional(z.number().check(z.int())),
    }),
  ),
});
export type Reestructuracion = z.infer<typeof reestructuracionSchema>;

export const reestructuracionesSchema = z.object({ items: z.array(reestructuracionSchema) });

/** POST …/reestructuraciones/aprobar and …/rechazar: which proposal (and why, when rejecting). */
export const aprobarReestructuracionSchema = z.object({
  reestructuracion_id: z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/)),
});
export const rechazarPropuestaSchema = z.extend(aprobarReestructuracionSchema, rechazarReestructuracionSchema.shape);
