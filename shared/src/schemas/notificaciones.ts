import { z } from 'zod';
import { LIST_MAX_LIMIT } from './common';

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
  leida_en: z.string().nullable(),
  accion_url: z.string().nullable(),
  created_at: z.string(),
});
export type Notificacion = z.infer<typeof notificacionSchema>;

/** `GET /api/notificaciones`: the caller's own, newest first, 10 by default (spec §9). */
export const notificacionesQuery = z.object({
  limit: z.coerce
    .number({ error: 'El límite debe ser un número' })
    .int('El límite debe ser un número entero')
    .min(1, 'El límite mínimo es 1')
    .max(LIST_MAX_LIMIT, `El límite máximo es ${LIST_MAX_LIMIT}`)
    .default(10),
  cursor: z.string().max(1024, 'Cursor inválido').optional(),
});

export const notificacionesNoLeidasSchema = z.object({ count: z.number().int().min(0) });
