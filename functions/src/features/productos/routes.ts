import { idParam, page, paginationQuery } from '@cuota/shared/schemas/common';
import {
  productoActualizarSchema,
  productoCrearSchema,
  productoDetalleSchema,
  productoEstadoSchema,
  productosQuery,
} from '@cuota/shared/schemas/productos';
import type { RouteDef } from '#commons/route-def';

export const rutaListarProductos = {
  id: 'listar-productos',
  method: 'GET',
  path: '/api/productos',
  handler: 'productos/listar-productos',
  access: 'staff',
  table: 'read',
  summary: 'Productos, más recientes primero; ?activos=true solo los activos ordenados por nombre',
  tag: 'productos',
  query: productosQuery,
  response: page(productoDetalleSchema),
} as const satisfies RouteDef;

export const rutaListarProductosActivos = {
  id: 'listar-productos-activos',
  method: 'GET',
  path: '/api/productos/activos',
  handler: 'productos/listar-productos-activos',
  access: 'user',
  table: 'read',
  summary: 'Productos activos ordenados por nombre (para elegir producto en una solicitud)',
  tag: 'productos',
  query: paginationQuery,
  response: page(productoDetalleSchema),
} as const satisfies RouteDef;

export const rutaCrearProducto = {
  id: 'crear-producto',
  successStatus: 201,
  method: 'POST',
  path: '/api/productos',
  handler: 'productos/crear-producto',
  access: 'staff',
  roles: ['admin'],
  table: 'write',
  summary: 'Crear un producto (código único, rangos coherentes, tasa moratoria y tasa de usura legales)',
  tag: 'productos',
  body: productoCrearSchema,
  response: productoDetalleSchema,
} as const satisfies RouteDef;

export const rutaActualizarProducto = {
  id: 'actualizar-producto',
  method: 'PUT',
  path: '/api/productos/{id}',
  handler: 'productos/actualizar-producto',
  access: 'staff',
  roles: ['admin'],
  table: 'write',
  summary: 'Editar un producto (mismas reglas que al crearlo)',
  tag: 'productos',
  params: idParam,
  body: productoActualizarSchema,
  response: productoDetalleSchema,
} as const satisfies RouteDef;

export const rutaCambiarEstadoProducto = {
  id: 'cambiar-estado-producto',
  method: 'PATCH',
  path: '/api/productos/{id}',
  handler: 'productos/cambiar-estado-producto',
  access: 'staff',
  roles: ['admin'],
  table: 'write',
  summary: 'Activar o desactivar un producto',
  tag: 'productos',
  params: idParam,
  body: productoEstadoSchema,
  response: productoDetalleSchema,
} as const satisfies RouteDef;

export const productosRoutes = [
  rutaListarProductos,
  rutaListarProductosActivos,
  rutaCrearProducto,
  rutaActualizarProducto,
  rutaCambiarEstadoProducto,
] as const satisfies readonly RouteDef[];
