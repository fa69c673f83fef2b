import { idParam, page } from '@cuota/shared/schemas/common';
import {
  pagoDetalleSchema,
  pagoAprobarSchema,
  pagoRechazarSchema,
  pagosQuery,
  pagosResumenSchema,
} from '@cuota/shared/schemas/pagos';
import type { RouteDef } from '#commons/route-def';

export const rutaListarPagos = {
  id: 'listar-pagos',
  method: 'GET',
  path: '/api/pagos',
  handler: 'pagos/listar-pagos',
  access: 'staff',
  table: 'read',
  summary:
    'Pagos por conciliar (?estado=registrado) o procesados (?estado=procesados: conciliados y rechazados), más recientes primero',
  tag: 'pagos',
  query: pagosQuery,
  response: page(pagoDetalleSchema),
} as const satisfies RouteDef;

export const rutaObtenerResumenPagos = {
  id: 'obtener-resumen-pagos',
  method: 'GET',
  path: '/api/pagos/resumen',
  handler: 'pagos/obtener-resumen-pagos',
  access: 'staff',
  table: 'read',
  summary: 'Resumen de conciliación: pendientes (cantidad y total) y conciliados hoy, de los agregados mantenidos',
  tag: 'pagos',
  response: pagosResumenSchema,
} as const satisfies RouteDef;

export const rutaAprobarPago = {
  id: 'aprobar-pago',
  method: 'POST',
  path: '/api/pagos/{id}/aprobar',
  handler: 'pagos/aprobar-pago',
  access: 'staff',
  roles: ['admin', 'cobrador'],
  table: 'write',
  summary:
    'Conciliar un pago registrado: lo aplica al crédito en su fecha valor (la fecha de pago, o la del banco si se indica), mora → interés → capital, recalculando el crédito desde esa fecha',
  tag: 'pagos',
  params: idParam,
  body: pagoAprobarSchema,
  response: pagoDetalleSchema,
} as const satisfies RouteDef;

export const rutaRechazarPago = {
  id: 'rechazar-pago',
  method: 'POST',
  path: '/api/pagos/{id}/rechazar',
  handler: 'pagos/rechazar-pago',
  access: 'staff',
  roles: ['admin', 'cobrador'],
  table: 'write',
  summary: 'Rechazar un pago registrado (no mueve dinero; se notifica al cliente)',
  tag: 'pagos',
  params: idParam,
  body: pagoRechazarSchema,
  response: pagoDetalleSchema,
} as const satisfies RouteDef;

/** Payment reconciliation (spec §2 /conciliacion): staff list, approve and reject reported payments. */
export const pagosRoutes = [
  rutaListarPagos,
  rutaObtenerResumenPagos,
  rutaAprobarPago,
  rutaRechazarPago,
] as const satisfies readonly RouteDef[];
