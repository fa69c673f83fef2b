import { meSchema } from '@cuota/shared/schemas/me';
import { type RouteDef } from '#commons/route-def';

export const rutaObtenerMe = {
  id: 'obtener-me',
  method: 'GET',
  path: '/api/me',
  handler: 'identidad/obtener-me',
  access: 'user',
  table: 'read',
  summary: 'Identidad del usuario: roles y cliente vinculado',
  tag: 'identidad',
  response: meSchema,
} as const satisfies RouteDef;

export const identidadRoutes = [rutaObtenerMe] as const satisfies readonly RouteDef[];
