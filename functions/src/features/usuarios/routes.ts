import { idParam, page, paginationQuery } from '@cuota/shared/schemas/common';
import { usuarioActualizarSchema, usuarioCrearSchema, usuarioOkSchema, usuarioSchema } from '@cuota/shared/schemas/usuarios';
import type { RouteDef } from '#commons/route-def';

const ADMIN = ['admin'] as const;

export const rutaListarUsuarios = {
  id: 'listar-usuarios',
  method: 'GET',
  path: '/api/usuarios',
  handler: 'usuarios/listar-usuarios',
  access: 'staff',
  roles: ADMIN,
  table: 'read',
  cognito: true,
  summary: 'Usuarios del panel (perfiles), más recientes primero, con sus roles',
  tag: 'usuarios',
  query: paginationQuery,
  response: page(usuarioSchema),
} as const satisfies RouteDef;

export const rutaCrearUsuario = {
  id: 'crear-usuario',
  successStatus: 201,
  method: 'POST',
  path: '/api/usuarios',
  handler: 'usuarios/crear-usuario',
  access: 'staff',
  roles: ADMIN,
  table: 'write',
  cognito: true,
  summary: 'Crear un usuario administrativo con su rol',
  tag: 'usuarios',
  body: usuarioCrearSchema,
  response: usuarioSchema,
} as const satisfies RouteDef;

export const rutaActualizarUsuario = {
  id: 'actualizar-usuario',
  method: 'PATCH',
  path: '/api/usuarios/{id}',
  handler: 'usuarios/actualizar-usuario',
  access: 'staff',
  roles: ADMIN,
  table: 'write',
  cognito: true,
  // a removed role closes the user's open WebSockets (store.ts → realtime cerrarConexionesDe)
  websocket: 'cerrar',
  summary: 'Actualizar nombre, teléfono y rol de un usuario',
  tag: 'usuarios',
  params: idParam,
  body: usuarioActualizarSchema,
  response: usuarioSchema,
} as const satisfies RouteDef;

export const rutaRestablecerContrasenaUsuario = {
  id: 'restablecer-contrasena-usuario',
  method: 'POST',
  path: '/api/usuarios/{id}/restablecer-contrasena',
  handler: 'usuarios/restablecer-contrasena',
  access: 'staff',
  roles: ADMIN,
  table: 'write',
  cognito: true,
  summary: 'Enviar el email de restablecimiento de contraseña',
  tag: 'usuarios',
  params: idParam,
  response: usuarioOkSchema,
} as const satisfies RouteDef;

export const rutaEliminarRolesUsuario = {
  id: 'eliminar-roles-usuario',
  method: 'DELETE',
  path: '/api/usuarios/{id}/roles',
  handler: 'usuarios/eliminar-roles',
  access: 'staff',
  roles: ADMIN,
  table: 'write',
  cognito: true,
  // a removed role closes the user's open WebSockets (store.ts → realtime cerrarConexionesDe)
  websocket: 'cerrar',
  summary: 'Quitar todos los roles de un usuario (el perfil se conserva)',
  tag: 'usuarios',
  params: idParam,
  response: usuarioSchema,
} as const satisfies RouteDef;

export const usuariosRoutes = [
  rutaListarUsuarios,
  rutaCrearUsuario,
  rutaActualizarUsuario,
  rutaRestablecerContrasenaUsuario,
  rutaEliminarRolesUsuario,
] as const satisfies readonly RouteDef[];
