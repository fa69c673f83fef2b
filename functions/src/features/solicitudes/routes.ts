import { idParam, page } from '@cuota/shared/schemas/common';
import { solicitudSchema } from '@cuota/shared/schemas/lending';
import {
  solicitudAccionSchema,
  solicitudAprobarSchema,
  solicitudCancelarSchema,
  solicitudDesembolsarSchema,
  solicitudCrearSchema,
  solicitudDetalleSchema,
  solicitudesQuery,
  solicitudRechazarSchema,
} from '@cuota/shared/schemas/solicitudes';
import { STAFF_WRITE, type RouteDef } from '#commons/route-def';

export const rutaListarSolicitudes = {
  id: 'listar-solicitudes',
  method: 'GET',
  path: '/api/solicitudes',
  handler: 'solicitudes/listar-solicitudes',
  access: 'staff',
  table: 'read',
  summary: 'Solicitudes, más recientes primero, con el nombre del cliente; ?estado= o ?pendientes=true (enviado y en_analisis)',
  tag: 'solicitudes',
  query: solicitudesQuery,
  response: page(solicitudSchema),
} as const satisfies RouteDef;

export const rutaCrearSolicitud = {
  id: 'crear-solicitud',
  successStatus: 201,
  method: 'POST',
  path: '/api/solicitudes',
  handler: 'solicitudes/crear-solicitud',
  access: 'staff',
  roles: STAFF_WRITE,
  table: 'write',
  summary: 'Crear una solicitud para un cliente (estado enviado)',
  tag: 'solicitudes',
  body: solicitudCrearSchema,
  response: solicitudSchema,
} as const satisfies RouteDef;

export const rutaObtenerSolicitud = {
  id: 'obtener-solicitud',
  method: 'GET',
  path: '/api/solicitudes/{id}',
  handler: 'solicitudes/obtener-solicitud',
  access: 'staff',
  table: 'read',
  summary: 'Detalle de una solicitud con datos del cliente, producto y factores del score',
  tag: 'solicitudes',
  params: idParam,
  response: solicitudDetalleSchema,
} as const satisfies RouteDef;

export const rutaAnalizarSolicitud = {
  id: 'analizar-solicitud',
  method: 'POST',
  path: '/api/solicitudes/{id}/analizar',
  handler: 'solicitudes/analizar-solicitud',
  access: 'staff',
  roles: STAFF_WRITE,
  table: 'write',
  summary: 'Analizar: enviado → en_analisis con score explicable (300–850) y riesgo calculado',
  tag: 'solicitudes',
  params: idParam,
  response: solicitudAccionSchema,
} as const satisfies RouteDef;

export const rutaAprobarSolicitud = {
  id: 'aprobar-solicitud',
  method: 'POST',
  path: '/api/solicitudes/{id}/aprobar',
  handler: 'solicitudes/aprobar-solicitud',
  access: 'staff',
  roles: STAFF_WRITE,
  table: 'write',
  summary:
    'Aprobar (sin mover dinero): monto aprobado ≤ solicitado, plazo, producto y condiciones; verifica la línea de crédito sin reservarla',
  tag: 'solicitudes',
  params: idParam,
  body: solicitudAprobarSchema,
  response: solicitudAccionSchema,
} as const satisfies RouteDef;

export const rutaRechazarSolicitud = {
  id: 'rechazar-solicitud',
  method: 'POST',
  path: '/api/solicitudes/{id}/rechazar',
  handler: 'solicitudes/rechazar-solicitud',
  access: 'staff',
  roles: STAFF_WRITE,
  table: 'write',
  summary: 'Rechazar con motivo (por defecto "Rechazado por el analista"); notifica al cliente',
  tag: 'solicitudes',
  params: idParam,
  body: solicitudRechazarSchema,
  response: solicitudAccionSchema,
} as const satisfies RouteDef;

export const rutaDesembolsarSolicitud = {
  id: 'desembolsar-solicitud',
  method: 'POST',
  path: '/api/solicitudes/{id}/desembolsar',
  handler: 'solicitudes/desembolsar-solicitud',
  access: 'staff',
  // analista only when the setting desembolso_analista is 'true' (checked by the use case)
  roles: STAFF_WRITE,
  table: 'write',
  summary:
    'Desembolsar una solicitud aprobada: crea el crédito, sus cuotas, el uso de la línea y el movimiento de desembolso en una transacción (Idempotency-Key obligatoria)',
  tag: 'solicitudes',
  params: idParam,
  body: solicitudDesembolsarSchema,
  response: solicitudAccionSchema,
  idempotent: 'requerida',
} as const satisfies RouteDef;

export const rutaCancelarSolicitud = {
  id: 'cancelar-solicitud',
  method: 'POST',
  path: '/api/solicitudes/{id}/cancelar',
  handler: 'solicitudes/cancelar-solicitud',
  access: 'staff',
  roles: STAFF_WRITE,
  table: 'write',
  summary: 'Cancelar la aprobación de una solicitud aún no desembolsada, con motivo; notifica al cliente',
  tag: 'solicitudes',
  params: idParam,
  body: solicitudCancelarSchema,
  response: solicitudAccionSchema,
} as const satisfies RouteDef;

export const solicitudesRoutes = [
  rutaListarSolicitudes,
  rutaCrearSolicitud,
  rutaObtenerSolicitud,
  rutaAnalizarSolicitud,
  rutaAprobarSolicitud,
  rutaRechazarSolicitud,
  rutaDesembolsarSolicitud,
  rutaCancelarSolicitud,
] as const satisfies readonly RouteDef[];
