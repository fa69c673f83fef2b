import * as z from 'zod';
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
  plazo_meses: z
    .number()
    .int(t.plazoInvalido)
    .min(1, t.plazoInvalido)
    .max(PLAZO_REESTRUCTURACION_MAX, t.plazoInvalido)
    .optional(),
  tasa_anual: porcentajeSchema(t.tasaInvalida, t.tasaInvalida)
    .refine((v) => Number(v) <= 100, t.tasaInvalida)
    .optional(),
  meses_prorroga: z
    .number()
    .int(t.mesesProrrogaInvalidos)
    .min(1, t.mesesProrrogaInvalidos)
    .max(6, t.mesesProrrogaInvalidos)
    .optional(),
  fecha_primer_vencimiento: z
    .string({ error: t.fechaInvalida })
    .trim()
    .pipe(isoDate)
    .refine(fechaReal, t.fechaInvalida)
    .optional(),
  motivo: z.string({ error: t.motivoRequerido }).trim().min(10, t.motivoRequerido).max(500, t.motivoLargo),
});
export type Reestructurar = z.infer<typeof reestructurarSchema>;
export type ReestructurarEntrada = z.input<typeof reestructurarSchema>;

export const rechazarReestructuracionSchema = z.object({
  motivo: z.string({ error: t.motivoRequerido }).trim().min(10, t.motivoRequerido).max(500, t.motivoLargo),
});

const filaCalendario = z.object({
  numero_cuota: z.number().int(),
  fecha_vencimiento: z.string(),
  monto_capital_centimos: z.number().int(),
  monto_interes_centimos: z.number().int(),
  monto_total_centimos: z.number().int(),
  saldo_capital_despues_centimos: z.number().int(),
});

const resumenCalendario = z.object({
  cuota_centimos: z.number().int(),
  plazo_meses: z.number().int(),
  total_intereses_centimos: z.number().int(),
  saldo_capital_centimos: z.number().int(),
  tasa_interes_anual: z.string(),
});

/** The preview and the stored record share this shape. */
export const planReestructuracionSchema = z.object({
  fecha: z.string(),
  tipo: z.enum(TIPOS_REESTRUCTURACION),
  capitalizar_mora: z.boolean(),
  deuda: z.object({
    capital_centimos: z.number().int(),
    interes_vencido_centimos: z.number().int(),
    mora_centimos: z.number().int(),
    interes_corriente_centimos: z.number().int(),
  }),
  capitalizado_centimos: z.number().int(),
  arrastre_centimos: z.number().int(),
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
  propuesta_por_nombre: z.string().nullable(),
  confirmada_por: z.string().nullable(),
  rechazada_por: z.string().nullable(),
  motivo_rechazo: z.string().nullable(),
  created_at: z.string(),
  resuelta_en: z.string().nullable(),
  plan: planReestructuracionSchema,
  /** refinanciamiento: the new credit, once confirmed. */
  credito_nuevo_id: z.string().nullable().optional(),
  credito_nuevo_numero: z.string().nullable().optional(),
  /** The replaced schedule as it stood (paid and mora amounts are absent on records written before they were kept). */
  cuotas_anteriores: z.array(
    filaCalendario.extend({
      pagada: z.boolean(),
      monto_mora_centimos: z.number().int().optional(),
      pagado_capital_centimos: z.number().int().optional(),
      pagado_interes_centimos: z.number().int().optional(),
      pagado_mora_centimos: z.number().int().optional(),
      interes_condonado_centimos: z.number().int().optional(),
    }),
  ),
});
export type Reestructuracion = z.infer<typeof reestructuracionSchema>;

export const reestructuracionesSchema = z.object({ items: z.array(reestructuracionSchema) });

/** POST …/reestructuraciones/aprobar and …/rechazar: which proposal (and why, when rejecting). */
export const aprobarReestructuracionSchema = z.object({
  reestructuracion_id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});
export const rechazarPropuestaSchema = aprobarReestructuracionSchema.extend(rechazarReestructuracionSchema.shape);
