import { contrasenaCambioSchema, contrasenaRestablecerSchema, okSchema } from '@cuota/shared/schemas/perfil';
import type { RouteDef } from '#commons/route-def';

export const rutaCambiarContrasena = {
  id: 'cambiar-contrasena',
  method: 'POST',
  path: '/api/perfil/contrasena',
  handler: 'contrasenas/cambiar-contrasena',
  access: 'user',
  table: 'write',
  summary: 'Cambiar mi contraseña (la actual y el token de acceso los verifica Cognito; 16+ para administradores)',
  tag: 'perfil',
  body: contrasenaCambioSchema,
  response: okSchema,
} as const satisfies RouteDef;

export const rutaRestablecerContrasena = {
  id: 'restablecer-contrasena',
  method: 'POST',
  path: '/api/auth/restablecer-contrasena',
  handler: 'contrasenas/restablecer-contrasena',
  access: 'public',
  table: 'write',
  cognito: 'lectura',
  summary: 'Restablecer la contraseña con el código enviado por email (16+ si la cuenta es de administrador)',
  tag: 'identidad',
  body: contrasenaRestablecerSchema,
  response: okSchema,
} as const satisfies RouteDef;

/**
 * Every way a user sets their own password goes through the server, which applies the rules of
 * the account's roles (16+ for admins) before Cognito: a change with the current password, and a
 * reset with the emailed code.
 */
export const contrasenasRoutes = [rutaCambiarContrasena, rutaRestablecerContrasena] as const satisfies readonly RouteDef[];
