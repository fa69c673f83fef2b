import { page } from '@cuota/shared/schemas/common';
import { actividadQuery, actividadSchema, dashboardSchema, monitoreoSchema } from '@cuota/shared/schemas/dashboard';
import type { RouteDef } from '#commons/route-def';

export const rutaObtenerDashboard = {
  id: 'obtener-dashboard',
  method: 'GET',
  path: '/api/dashboard',
  handler: 'dashboard/obtener-dashboard',
  access: 'staff',
  table: 'read',
  summary:
    'Dashboard: cartera activa, morosidad, PAR30, antigüedad de mora, alertas, solicitudes pendientes más antiguas, actividad reciente y series mensuales',
  tag: 'dashboard',
  response: dashboardSchema,
} as const satisfies RouteDef;

export const rutaObtenerMonitoreo = {
  id: 'obtener-monitoreo',
  method: 'GET',
  path: '/api/monitoreo',
  handler: 'dashboard/obtener-monitoreo',
  access: 'staff',
  table: 'read',
  summary:
    'Monitoreo operativo: notificaciones sin leer, clientes, solicitudes pendientes, préstamos vigentes, pagos de hoy, mora total, clientes nuevos',
  tag: 'dashboard',
  response: monitoreoSchema,
} as const satisfies RouteDef;

export const rutaListarActividad = {
  id: 'listar-actividad',
  method: 'GET',
  path: '/api/actividad',
  handler: 'dashboard/listar-actividad',
  access: 'staff',
  table: 'read',
  summary: 'Registro de actividad, más reciente primero (10 por defecto)',
  tag: 'dashboard',
  query: actividadQuery,
  response: page(actividadSchema),
} as const satisfies RouteDef;

export const dashboardRoutes = [
  rutaObtenerDashboard,
  rutaObtenerMonitoreo,
  rutaListarActividad,
] as const satisfies readonly RouteDef[];
