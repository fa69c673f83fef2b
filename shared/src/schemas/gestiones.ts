import * as z from 'zod/mini';
import { gestionesTexts } from '../texts/gestiones';
import { isoDate } from './common';

const t = gestionesTexts;

export const TIPOS_GESTION = ['llamada', 'whatsapp', 'visita', 'correo'] as const;
export const RESULTADOS_GESTION = ['contactado', 'sin_respuesta', 'numero_equivocado', 'promesa', 'rehusa', 'otro'] as const;
export const ESTADOS_PROMESA = ['pendiente', 'cumplida', 'incumplida', 'reemplazada', 'anulada'] as const;
/** How far ahead a promise may be made, in days from the business date. */
export const PROMESA_DIAS_MAXIMOS = 30;
export const NOTA_GESTION_MAX = 1000;

/** POST /api/creditos/{id}/gestiones: one contact with the customer. */
export const gestionNuevaSchema = z.object({
  tipo: z.enum(TIPOS_GESTION, { error: t.tipoInvalido }),
  resultado: z.enum(RESULTADOS_GESTION, { error: t.resultadoInvalido }),
  nota: z.pipe(
    z.nullish(z.string({ error: t.notaLarga }).check(z.trim(), z.maxLength(NOTA_GESTION_MAX, t.notaLarga))),
    z.transform((v) => v || null),
  ),
});
export type GestionNueva = z.infer<typeof gestionNuevaSchema>;
export type GestionNuevaInput = z.input<typeof gestionNuevaSchema>;

export const gestionSchema = z.object({
  id: z.string(),
  credito_id: z.string(),
  tipo: z.enum(TIPOS_GESTION),
  resultado: z.enum(RESULTADOS_GESTION),
  nota: z.nullable(z.string()),
  registrado_por: z.string(),
  registrado_por_nombre: z.nullable(z.string()),
  created_at: z.string(),
});
export type Gestion = z.infer<typeof gestionSchema>;

/** POST /api/creditos/{id}/promesas: the customer promises to pay `monto_centimos` by `fecha`. */
export const promesaNuevaSchema = z.object({
  fecha: z.pipe(
    z.string({ error: t.fechaRequerida }).check(z.trim(), z.minLength(1, t.fechaRequerida)),
    isoDate.check(
      z.refine(
        (iso) => !Number.isNaN(Date.parse(`${iso}T00:00:00Z`)) && new Date(`${iso}T00:00:00Z`).toISOString().startsWith(iso),
        t.fechaInvalida,
      ),
    ),
  ),
  monto_centimos: z
    .number({
      error: (iss) => (iss.input === undefined || iss.input === null ? t.montoRequerido : t.montoInvalido),
    })
    .check(z.int(t.montoInvalido), z.positive(t.montoInvalido), z.lte(Number.MAX_SAFE_INTEGER, t.montoInvalido)),
});
export type PromesaNueva = z.infer<typeof promesaNuevaSchema>;

export const promesaSchema = z.object({
  id: z.string(),
  credito_id: z.string(),
  fecha: z.string(),
  monto_centimos: z.number().check(z.int()),
  /** Business date it was made: payments with a value date from here to `fecha` count toward it. */
  fecha_creacion: z.string(),
  estado: z.enum(ESTADOS_PROMESA),
  /** What the payments in its window summed when it was resolved (null while pendiente). */
  pagado_centimos: z.nullable(z.number().check(z.int())),
  resuelta_en: z.nullable(z.string()),
  registrado_por: z.string(),
  registrado_por_nombre: z.nullable(z.string()),
  created_at: z.string(),
});
export type Promesa = z.infer<typeof promesaSchema>;
