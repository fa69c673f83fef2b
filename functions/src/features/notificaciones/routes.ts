import { idParam, page } from '@cuota/shared/schemas/common';
import { notificacionesNoLeidasSchema, notificacionesQuery, notificacionSchema } from '@cuota/shared/schemas/notificaciones';
import type { RouteDef } from '#commons/route-def';

export const rutaListarNotificaciones = {
  id: 'listar-notificaciones',
  method: 'GET',
  path: '/api/notificaciones',
  handler: 'notificaciones/listar-notificaciones',
  access: 'user',
  table: 'read',
  summary: 'Mis notificaciones, más recientes primero (10 por defecto)',
  tag: 'notificaciones',
  query: notificacionesQuery,
  response: page(notificacionSchema),
} as const satisfies RouteDef;

export const rutaContarNotificacionesNoLeidas = {
  id: 'contar-notificaciones-no-leidas',
  method: 'GET',
  path: '/api/notificaciones/no-leidas',
  handler: 'notificaciones/contar-no-leidas',
  access: 'user',
  table: 'read',
  summary: 'Cantidad de mis notificaciones sin leer',
  tag: 'notificaciones',
  response: notificacionesNoLeidasSchema,
} as const satisfies RouteDef;

export const rutaMarcarNotificacionLeida = {
  id: 'marcar-notificacion-leida',
  method: 'POST',
  path: '/api/notificaciones/{id}/leer',
  handler: 'notificaciones/marcar-leida',
  access: 'user',
  table: 'write',
  summary: 'Marcar una notificación propia como leída (idempotente)',
  tag: 'notificaciones',
  params: idParam,
  response: notificacionSchema,
} as const satisfies RouteDef;

/** api.md "Any signed-in user": each caller sees and marks only their own notifications. */
export const notificacionesRoutes = [
  rutaListarNotificaciones,
  rutaContarNotificacionesNoLeidas,
  rutaMarcarNotificacionLeida,
] as const satisfies readonly RouteDef[];
