import { idParam, page } from '@cuota/shared/schemas/common';
import {
  campanaCrearSchema,
  campanaSchema,
  campanasQuery,
  comunicacionResumenSchema,
  notificacionMasivaResultadoSchema,
  notificacionMasivaSchema,
} from '@cuota/shared/schemas/comunicacion';
import type { RouteDef } from '#commons/route-def';

export const rutaObtenerResumenComunicacion = {
  id: 'obtener-resumen-comunicacion',
  method: 'GET',
  path: '/api/comunicacion/resumen',
  handler: 'comunicacion/obtener-resumen-comunicacion',
  access: 'staff',
  table: 'read',
  summary: 'Tarjetas de Comunicación Masiva: total de clientes, con créditos activos y con mora (desde agregados)',
  tag: 'comunicacion',
  response: comunicacionResumenSchema,
} as const satisfies RouteDef;

export const rutaEnviarNotificacionesMasivas = {
  id: 'enviar-notificaciones-masivas',
  method: 'POST',
  path: '/api/notificaciones/masivas',
  handler: 'comunicacion/enviar-notificaciones-masivas',
  access: 'staff',
  roles: ['admin'],
  table: 'write',
  summary:
    'Una notificación por cliente del segmento con usuario en el portal (llega en vivo a su campana). Se envía una sola vez por Idempotency-Key: 200 con el total al terminar, 202 con lo enviado hasta ahora si sigue en curso (repetir la llamada con la clave lo continúa; un job lo termina igual)',
  tag: 'comunicacion',
  idempotent: true,
  body: notificacionMasivaSchema,
  response: notificacionMasivaResultadoSchema,
} as const satisfies RouteDef;

export const rutaListarCampanas = {
  id: 'listar-campanas',
  method: 'GET',
  path: '/api/campanas',
  handler: 'comunicacion/listar-campanas',
  access: 'staff',
  roles: ['admin'],
  table: 'read',
  summary: 'Campañas de email, más recientes primero (10 por defecto), con su progreso de envío',
  tag: 'comunicacion',
  query: campanasQuery,
  response: page(campanaSchema),
} as const satisfies RouteDef;

export const rutaCrearCampana = {
  id: 'crear-campana',
  successStatus: 201,
  method: 'POST',
  path: '/api/campanas',
  handler: 'comunicacion/crear-campana',
  access: 'staff',
  roles: ['admin'],
  table: 'write',
  summary: 'Crear una campaña de email en borrador con total_destinatarios del segmento',
  tag: 'comunicacion',
  body: campanaCrearSchema,
  response: campanaSchema,
} as const satisfies RouteDef;

export const rutaEnviarCampana = {
  id: 'enviar-campana',
  method: 'POST',
  path: '/api/campanas/{id}/enviar',
  handler: 'comunicacion/enviar-campana',
  access: 'staff',
  roles: ['admin'],
  table: 'write',
  summary:
    'Enviar (borrador → enviando) o reanudar (enviando, error) una campaña; el envío lo hace el remitente en segundo plano',
  tag: 'comunicacion',
  params: idParam,
  response: campanaSchema,
} as const satisfies RouteDef;

/** api.md staff routes: Comunicación Masiva (spec §2), admin only except the stat cards. */
export const comunicacionRoutes = [
  rutaObtenerResumenComunicacion,
  rutaEnviarNotificacionesMasivas,
  rutaListarCampanas,
  rutaCrearCampana,
  rutaEnviarCampana,
] as const satisfies readonly RouteDef[];
