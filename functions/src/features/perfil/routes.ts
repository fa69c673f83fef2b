import { perfilActualizarSchema, perfilSchema } from '@cuota/shared/schemas/perfil';
import type { RouteDef } from '#commons/route-def';

export const rutaObtenerPerfil = {
  id: 'obtener-perfil',
  method: 'GET',
  path: '/api/perfil',
  handler: 'perfil/obtener-perfil',
  access: 'user',
  table: 'read',
  summary: 'Mi perfil: nombre, apellido, email (solo lectura) y teléfono',
  tag: 'perfil',
  response: perfilSchema,
} as const satisfies RouteDef;

export const rutaActualizarPerfil = {
  id: 'actualizar-perfil',
  method: 'PATCH',
  path: '/api/perfil',
  handler: 'perfil/actualizar-perfil',
  access: 'user',
  table: 'write',
  summary: 'Actualizar mi perfil (el personal su perfil; el cliente su ficha de cliente)',
  tag: 'perfil',
  body: perfilActualizarSchema,
  response: perfilSchema,
} as const satisfies RouteDef;

/** api.md "Any signed-in user": one's own profile; a customer's edits go to the client record. */
export const perfilRoutes = [rutaObtenerPerfil, rutaActualizarPerfil] as const satisfies readonly RouteDef[];
