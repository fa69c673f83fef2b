import * as z from 'zod/mini';
import { paginationQuery } from './common';

/** Spec §3 notificaciones; the bell colours by tipo (unknown types show grey). */
export const TIPOS_NOTIFICACION = ['info', 'success', 'warning', 'error', 'payment', 'credit', 'system'] as const;
export type TipoNotificacionSpec = (typeof TIPOS_NOTIFICACION)[number];

export const notificacionSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  tipo: z.string(),
  titulo: z.string(),
  mensaje: z.string(),
  leida: z.boolean(),
  leida_en: z.nullable(z.string()),
  accion_url: z.nullable(z.string()),
  created_at: z.string(),
});
export type Notificacion = z.infer<typeof notificacionSchema>;

/** `GET /api/notificaciones`: the caller's own, newest first, 10 by default (spec §9). */
export const notificacionesQuery = z.extend(paginationQuery, {
  limit: z._default(paginationQuery.shape.limit.def.innerType, 10),
});

export const notificacionesNoLeidasSchema = z.object({ count: z.number().check(z.int(), z.gte(0)) });
