import {
  clienteActualizarSchema,
  clienteCrearSchema,
  clienteDetalleSchema,
  clienteSchema,
  clientesQuery,
} from '@cuota/shared/schemas/cliente';
import { idParam, page, paginationQuery } from '@cuota/shared/schemas/common';
import * as z from 'zod/mini';
import { creditoSchema, pagoSchema, solicitudSchema } from '@cuota/shared/schemas/lending';
import { STAFF_WRITE, type RouteDef } from '#commons/route-def';

export const rutaListarClientes = {
  id: 'listar-clientes',
  method: 'GET',
  path: '/api/clientes',
  handler: 'clientes/listar-clientes',
  access: 'staff',
  table: 'read',
  summary: 'Clientes, más recientes primero; ?q= busca por nombre, apellido, email o cédula',
  tag: 'clientes',
  query: z.extend(paginationQuery, clientesQuery.shape),
  response: page(clienteSchema),
} as const satisfies RouteDef;

export const rutaCrearCliente = {
  id: 'crear-cliente',
  successStatus: 201,
  method: 'POST',
  path: '/api/clientes',
  handler: 'clientes/crear-cliente',
  access: 'staff',
  roles: STAFF_WRITE,
  table: 'write',
  summary: 'Crear un cliente',
  tag: 'clientes',
  body: clienteCrearSchema,
  response: clienteSchema,
} as const satisfies RouteDef;

export const rutaObtenerCliente = {
  id: 'obtener-cliente',
  method: 'GET',
  path: '/api/clientes/{id}',
  handler: 'clientes/obtener-cliente',
  access: 'staff',
  table: 'read',
  summary: 'Perfil de un cliente con línea de crédito y contadores',
  tag: 'clientes',
  params: idParam,
  response: clienteDetalleSchema,
} as const satisfies RouteDef;

export const rutaActualizarCliente = {
  id: 'actualizar-cliente',
  method: 'PATCH',
  path: '/api/clientes/{id}',
  handler: 'clientes/actualizar-cliente',
  access: 'staff',
  roles: STAFF_WRITE,
  table: 'write',
  summary: 'Actualizar datos de contacto o KYC de un cliente',
  tag: 'clientes',
  params: idParam,
  body: clienteActualizarSchema,
  response: clienteSchema,
} as const satisfies RouteDef;

export const rutaListarSolicitudesCliente = {
  id: 'listar-solicitudes-cliente',
  method: 'GET',
  path: '/api/clientes/{id}/solicitudes',
  handler: 'clientes/listar-solicitudes-cliente',
  access: 'staff',
  table: 'read',
  summary: 'Solicitudes de un cliente, más recientes primero',
  tag: 'clientes',
  params: idParam,
  query: paginationQuery,
  response: page(solicitudSchema),
} as const satisfies RouteDef;

export const rutaListarCreditosCliente = {
  id: 'listar-creditos-cliente',
  method: 'GET',
  path: '/api/clientes/{id}/creditos',
  handler: 'clientes/listar-creditos-cliente',
  access: 'staff',
  table: 'read',
  summary: 'Créditos de un cliente, más recientes primero',
  tag: 'clientes',
  params: idParam,
  query: paginationQuery,
  response: page(creditoSchema),
} as const satisfies RouteDef;

export const rutaListarPagosCliente = {
  id: 'listar-pagos-cliente',
  method: 'GET',
  path: '/api/clientes/{id}/pagos',
  handler: 'clientes/listar-pagos-cliente',
  access: 'staff',
  table: 'read',
  summary: 'Pagos de un cliente, más recientes primero',
  tag: 'clientes',
  params: idParam,
  query: paginationQuery,
  response: page(pagoSchema),
} as const satisfies RouteDef;

export const clientesRoutes = [
  rutaListarClientes,
  rutaCrearCliente,
  rutaObtenerCliente,
  rutaActualizarCliente,
  rutaListarSolicitudesCliente,
  rutaListarCreditosCliente,
  rutaListarPagosCliente,
] as const satisfies readonly RouteDef[];
