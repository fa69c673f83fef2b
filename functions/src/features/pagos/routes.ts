import { idParam, page } from '@cuota/shared/schemas/common';
import {
  pagoDetalleSchema,
  pagoAprobarSchema,
  pagoRechazarSchema,
  pagoRevertirSchema,
  pagosQuery,
  pagosResumenSchema,
  pagoVentanillaSchema,
  reciboPagoSchema,
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
    'Pagos por conciliar (?estado=registrado) o procesados (?estado=procesados: conciliados, rechazados y reversados), más recientes primero',
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

export const rutaRegistrarPagoVentanilla = {
  id: 'registrar-pago-ventanilla',
  successStatus: 201,
  method: 'POST',
  path: '/api/creditos/{id}/pagos',
  handler: 'pagos/registrar-pago-ventanilla',
  access: 'staff',
  roles: ['cobrador', 'analista', 'admin'],
  table: 'write',
  summary:
    'Registrar un pago recibido en ventanilla (efectivo, cheque, transferencia, SINPE Móvil): se aplica de inmediato en su fecha valor y emite un recibo numerado (Idempotency-Key obligatoria)',
  tag: 'pagos',
  params: idParam,
  body: pagoVentanillaSchema,
  response: pagoDetalleSchema,
  idempotent: 'requerida',
} as const satisfies RouteDef;

export const rutaRevertirPago = {
  id: 'revertir-pago',
  method: 'POST',
  path: '/api/pagos/{id}/revertir',
  handler: 'pagos/revertir-pago',
  access: 'staff',
  roles: ['admin'],
  table: 'write',
  summary:
    'Revertir un pago aplicado (cheque devuelto, crédito equivocado): el crédito se recalcula desde su fecha valor como si no se hubiera aplicado; queda un movimiento de reversión (Idempotency-Key opcional: un pago se revierte una sola vez)',
  tag: 'pagos',
  params: idParam,
  body: pagoRevertirSchema,
  response: pagoDetalleSchema,
  idempotent: true,
} as const satisfies RouteDef;

export const rutaObtenerReciboPago = {
  id: 'obtener-recibo-pago',
  method: 'GET',
  path: '/api/pagos/{id}/recibo',
  handler: 'pagos/obtener-recibo-pago',
  access: 'staff',
  table: 'read',
  summary: 'Datos del recibo imprimible de un pago (número, cliente, aplicación, saldo después, cajero)',
  tag: 'pagos',
  params: idParam,
  response: reciboPagoSchema,
} as const satisfies RouteDef;

/** Payment reconciliation (spec §2 /conciliacion) and counter payments: list, approve, reject, record, reverse, receipt. */
export const pagosRoutes = [
  rutaListarPagos,
  rutaObtenerResumenPagos,
  rutaAprobarPago,
  rutaRechazarPago,
  rutaRegistrarPagoVentanilla,
  rutaRevertirPago,
  rutaObtenerReciboPago,
] as const satisfies readonly RouteDef[];

/** Write-off and a credit's risk category (castigo-routes.ts). */
export { castigoRoutes } from './castigo-routes';
