import { busquedaQuery, resultadoBusquedaSchema } from '@cuota/shared/schemas/busqueda';
import type { RouteDef } from '#commons/route-def';

/** Every staff role reads clients, credits and solicitudes (their GET routes are staff-wide), so all may search them. */
export const rutaBuscar = {
  id: 'buscar',
  method: 'GET',
  path: '/api/busqueda',
  handler: 'busqueda/buscar',
  access: 'staff',
  table: 'read',
  summary:
    'Búsqueda global del personal: clientes por cualquier parte del nombre o del email, cédula o teléfono; créditos por número o cliente; solicitudes por número',
  tag: 'busqueda',
  query: busquedaQuery,
  response: resultadoBusquedaSchema,
} as const satisfies RouteDef;

export const busquedaRoutes = [rutaBuscar] as const satisfies readonly RouteDef[];
