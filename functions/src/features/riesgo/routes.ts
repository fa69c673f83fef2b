import { provisionesQuerySchema, reporteProvisionesSchema } from '@cuota/shared/schemas/riesgo';
import type { RouteDef } from '#commons/route-def';

export const rutaObtenerProvisiones = {
  id: 'obtener-provisiones',
  method: 'GET',
  path: '/api/reportes/provisiones',
  handler: 'riesgo/obtener-provisiones',
  access: 'staff',
  roles: ['admin', 'analista'],
  table: 'read',
  summary:
    'Saldo de capital y estimación requerida por categoría de riesgo (A1…E), de los agregados mantenidos; con ?mes=AAAA-MM, la instantánea guardada al cierre de ese mes',
  tag: 'riesgo',
  query: provisionesQuerySchema,
  response: reporteProvisionesSchema,
} as const satisfies RouteDef;

/** Risk categories and provisions (docs/riesgo.md). */
export const riesgoRoutes = [rutaObtenerProvisiones] as const satisfies readonly RouteDef[];
