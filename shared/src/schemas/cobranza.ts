import * as z from 'zod/mini';
import { centimos, paginationQuery } from './common';

/** Aging buckets of the collections worklist, by días de mora. */
export const BUCKETS_COBRANZA = ['1-30', '31-60', '61-90', '90+'] as const;
export type BucketCobranza = (typeof BUCKETS_COBRANZA)[number];
export const ORDENES_COBRANZA = ['dias_mora', 'monto_vencido'] as const;

const idTexto = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/, 'Identificador inválido'));

/** `GET /api/cobranza` (docs/cobranza.md). */
export const cobranzaQuery = z.extend(paginationQuery, {
  bucket: z.optional(z.enum(BUCKETS_COBRANZA, { error: 'Tramo inválido (1-30, 31-60, 61-90, 90+)' })),
  cobrador: z.optional(z.union([idTexto, z.literal('sin_asignar')])),
  producto: z.optional(idTexto),
  zona: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(80))),
  orden: z._default(z.enum(ORDENES_COBRANZA, { error: 'Orden inválido (dias_mora, monto_vencido)' }), 'dias_mora'),
});
export type CobranzaQuery = z.infer<typeof cobranzaQuery>;

export const itemCobranzaSchema = z.object({
  credito_id: z.string(),
  numero_credito: z.string(),
  cliente_id: z.string(),
  cliente_nombre: z.string(),
  telefono: z.nullable(z.string()),
  dias_mora: z.number().check(z.int()),
  bucket: z.enum(BUCKETS_COBRANZA),
  monto_vencido_centimos: centimos,
  saldo_capital_centimos: centimos,
  producto_id: z.nullable(z.string()),
  producto_nombre: z.nullable(z.string()),
  zona: z.nullable(z.string()),
  cobrador_id: z.nullable(z.string()),
  cobrador_nombre: z.nullable(z.string()),
  alerta: z.nullable(z.enum(['promesa_incumplida'])),
  promesa_incumplida: z.nullable(z.string()),
});
export type ItemCobranza = z.infer<typeof itemCobranzaSchema>;

export const cobranzaPageSchema = z.object({
  items: z.array(itemCobranzaSchema),
  nextCursor: z.nullable(z.string()),
  /** The business date días de mora are counted to. */
  fecha: z.string(),
  /** Per bucket in the view's cobrador partition(s): credits and monto vencido (read from the index). */
  totales: z.array(
    z.object({ bucket: z.enum(BUCKETS_COBRANZA), creditos: z.number().check(z.int()), monto_vencido_centimos: centimos }),
  ),
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
    .check(
      z.minLength(1, 'Elija al menos un crédito'),
      z.maxLength(ASIGNACION_COBRANZA_MAX, `Máximo ${ASIGNACION_COBRANZA_MAX} créditos por asignación`),
    ),
  cobrador_id: z.nullable(idTexto),
});
export type AsignacionCobranza = z.infer<typeof asignacionCobranzaSchema>;

export const asignacionResultadoSchema = z.object({ asignados: z.number().check(z.int()), cobrador_id: z.nullable(z.string()) });
