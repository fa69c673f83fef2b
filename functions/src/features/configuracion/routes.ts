import { idParam, page, paginationQuery } from '@cuota/shared/schemas/common';
import {
  claveConfiguracionParam,
  configuracionActualizarSchema,
  configuracionListaSchema,
  configuracionSchema,
  cuentaBancariaSchema,
  metodoPagoEstadoSchema,
  metodoPagoSchema,
  metodosPagoListaSchema,
} from '@cuota/shared/schemas/configuracion';
import type { RouteDef } from '#commons/route-def';

export const rutaListarConfiguracion = {
  id: 'listar-configuracion',
  method: 'GET',
  path: '/api/configuracion',
  handler: 'configuracion/listar-configuracion',
  access: 'user',
  table: 'read',
  summary:
    'Configuración por categoría: todo para administradores; para los demás solo timezone, allow_credit_card_payments y payment_reflection_hours',
  tag: 'configuracion',
  response: configuracionListaSchema,
} as const satisfies RouteDef;

export const rutaActualizarConfiguracion = {
  id: 'actualizar-configuracion',
  method: 'PUT',
  path: '/api/configuracion/{clave}',
  handler: 'configuracion/actualizar-configuracion',
  access: 'staff',
  roles: ['admin'],
  table: 'write',
  summary: 'Cambiar el valor de una configuración (validado según la clave)',
  tag: 'configuracion',
  params: claveConfiguracionParam,
  body: configuracionActualizarSchema,
  response: configuracionSchema,
} as const satisfies RouteDef;

export const rutaListarMetodosPago = {
  id: 'listar-metodos-pago',
  method: 'GET',
  path: '/api/metodos-pago',
  handler: 'configuracion/listar-metodos-pago',
  access: 'user',
  table: 'read',
  summary: 'Métodos de pago por orden: el personal ve todos, los clientes solo los activos',
  tag: 'configuracion',
  response: metodosPagoListaSchema,
} as const satisfies RouteDef;

export const rutaActualizarMetodoPago = {
  id: 'actualizar-metodo-pago',
  method: 'PATCH',
  path: '/api/metodos-pago/{id}',
  handler: 'configuracion/actualizar-metodo-pago',
  access: 'staff',
  roles: ['admin'],
  table: 'write',
  summary: 'Activar o desactivar un método de pago reportable',
  tag: 'configuracion',
  params: idParam,
  body: metodoPagoEstadoSchema,
  response: metodoPagoSchema,
} as const satisfies RouteDef;

export const rutaListarCuentasBancarias = {
  id: 'listar-cuentas-bancarias',
  method: 'GET',
  path: '/api/cuentas-bancarias',
  handler: 'configuracion/listar-cuentas-bancarias',
  access: 'staff',
  table: 'read',
  summary: 'Cuentas bancarias de destino de los pagos (conciliación)',
  tag: 'configuracion',
  query: paginationQuery,
  response: page(cuentaBancariaSchema),
} as const satisfies RouteDef;

/** Settings, payment methods and the lender's bank accounts. */
export const configuracionRoutes = [
  rutaListarConfiguracion,
  rutaActualizarConfiguracion,
  rutaListarMetodosPago,
  rutaActualizarMetodoPago,
  rutaListarCuentasBancarias,
] as const satisfies readonly RouteDef[];
