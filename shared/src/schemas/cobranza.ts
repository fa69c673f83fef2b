import * as z from 'zod';
import { centimos, paginationQuery } from './common';

/** Aging buckets of the collections worklist, by días de mora. */
export const BUCKETS_COBRANZA = ['1-30', '31-60', '61-90', '90+'] as const;
export type BucketCobranza = (typeof BUCKETS_COBRANZA)[number];
export const ORDENES_COBRANZA = ['dias_mora', 'monto_vencido'] as const;

const idTexto = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Identificador inválido');

/** `GET /api/cobranza` (docs/cobranza.md). */
export const cobranzaQuery = paginationQuery.extend({
  bucket: z.enum(BUCKETS_COBRANZA, { error: 'Tramo inválido (1-30, 31-60, 61-90, 90+)' }).optional(),
  cobrador: z.union([idTexto, z.literal('sin_asignar')]).optional(),
  producto: idTexto.optional(),
  zona: z.string().trim().min(1).max(80).optional(),
  orden: z.enum(ORDENES_COBRANZA, { error: 'Orden inválido (dias_mora, monto_vencido)' }).default('dias_mora'),
});
export type CobranzaQuery = z.infer<typeof cobranzaQuery>;

export const itemCobranzaSchema = z.object({
  credito_id: z.string(),
  numero_credito: z.string(),
  cliente_id: z.string(),
  cliente_nombre: z.string(),
  telefono: z.string().nullable(),
  dias_mora: z.number().int(),
  bucket: z.enum(BUCKETS_COBRANZA),
  monto_vencido_centimos: centimos,
  saldo_capital_centimos: centimos,
  producto_id: z.string().nullable(),
  producto_nombre: z.string().nullable(),
  zona: z.string().nullable(),
  cobrador_id: z.string().nullable(),
  cobrador_nombre: z.string().nullable(),
  alerta: z.enum(['promesa_incumplida']).nullable(),
  promesa_incumplida: z.string().nullable(),
});
export type ItemCobranza = z.infer<typeof itemCobranzaSchema>;

export const cobranzaPageSchema = z.object({
  items: z.array(itemCobranzaSchema),
  nextCursor: z.string().nullable(),
  /** The business date días de mora are counted to. */
  fecha: z.string(),
  /** Per bucket in the view's cobrador partition(s): credits and monto vencido (read from the index). */
  totales: z.array(z.object({ bucket: z.enum(BUCKETS_COBRANZA), creditos: z.number().int(), monto_vencido_centimos: centimos })),
  /** Cobradores holding a worklist partition (for the filter). */
  cobradores: z.array(z.object({ id: z.string(), nombre: z.string() })),
});
export type CobranzaPage = z.infer<typeof cobranzaPageSchema>;

/**
 * At most this many credits per assignment: they are written in ONE transaction (DynamoDB's 100
 * actions less the activity entry and the cobrador's registry), so an assignment is all or nothing.
 */
export const ASIGNACION_COBRANZA_MAX = 98;

/** `POST /api/cobranza/asignaciones`: up to ASIGNACION_COBRANZA_MAX credits to one cobrador (null unassigns). */
export const asignacionCobranzaSchema = z.object({
  credito_ids: z
    .array(idTexto)
    .min(1, 'Elija al menos un crédito')
    .max(ASIGNACION_COBRANZA_MAX, `Máximo ${ASIGNACION_COBRANZA_MAX} créditos por asignación`),
  cobrador_id: idTexto.nullable(),
});
export type AsignacionCobranza = z.infer<typeof asignacionCobranzaSchema>;

export const asignacionResultadoSchema = z.object({ asignados: z.number().int(), cobrador_id: z.string().nullable() });
