import { meSchema } from '@cuota/shared/schemas/me';
import { okSchema } from '@cuota/shared/schemas/perfil';
import { registroFormSchema } from '@cuota/shared/schemas/registro';
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

/**
 * Self-registration: the server checks the whole registration (spec §5) and calls Cognito SignUp
 * with a one-time ticket the PreSignUp trigger requires, so nobody skips the rules by calling
 * Cognito directly. The form then signs in and creates the client record (POST /api/portal/registro).
 */
export const rutaRegistrarCuenta = {
  id: 'registrar-cuenta',
  method: 'POST',
  path: '/api/auth/registro',
  handler: 'identidad/registrar-cuenta',
  access: 'public',
  table: 'write',
  summary: 'Crear la cuenta de un cliente nuevo (reglas de contraseña y teléfono en el servidor)',
  tag: 'identidad',
  body: registroFormSchema,
  response: okSchema,
  successStatus: 201,
} as const satisfies RouteDef;

export const identidadRoutes = [rutaObtenerMe, rutaRegistrarCuenta] as const satisfies readonly RouteDef[];
