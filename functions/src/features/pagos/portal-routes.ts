import { idParam, page, paginationQuery } from '@cuota/shared/schemas/common';
import { pagoDetalleSchema, pagoReportarSchema, pagoTarjetaSchema, reciboPagoSchema } from '@cuota/shared/schemas/pagos';
import type { RouteDef } from '#commons/route-def';

export const rutaListarPagosPortal = {
  id: 'listar-pagos-portal',
  method: 'GET',
  path: '/api/portal/pagos',
  handler: 'pagos/listar-pagos-portal',
  access: 'cliente',
  table: 'read',
  summary: 'Mis pagos, más recientes primero',
  tag: 'portal',
  query: paginationQuery,
  response: page(pagoDetalleSchema),
} as const satisfies RouteDef;

export const rutaReportarPago = {
  id: 'reportar-pago',
  successStatus: 201,
  method: 'POST',
  path: '/api/portal/pagos',
  handler: 'pagos/reportar-pago',
  access: 'cliente',
  table: 'write',
  summary: 'Reportar un pago de un crédito propio (queda registrado hasta su conciliación)',
  tag: 'portal',
  body: pagoReportarSchema,
  response: pagoDetalleSchema,
  idempotent: true,
} as const satisfies RouteDef;

export const rutaReportarPagoTarjeta = {
  id: 'reportar-pago-tarjeta',
  successStatus: 201,
  method: 'POST',
  path: '/api/portal/pagos/tarjeta',
  handler: 'pagos/reportar-pago-tarjeta',
  access: 'cliente',
  table: 'write',
  summary:
    'Pagar con tarjeta un crédito propio (solo si allow_credit_card_payments es "true"); de la tarjeta solo se reciben y guardan los últimos 4 dígitos',
  tag: 'portal',
  body: pagoTarjetaSchema,
  response: pagoDetalleSchema,
  idempotent: true,
} as const satisfies RouteDef;

export const rutaObtenerReciboPortal = {
  id: 'obtener-recibo-portal',
  method: 'GET',
  path: '/api/portal/pagos/{id}/recibo',
  handler: 'pagos/obtener-recibo-portal',
  access: 'cliente',
  table: 'read',
  summary: 'El recibo imprimible de un pago propio',
  tag: 'portal',
  params: idParam,
  response: reciboPagoSchema,
} as const satisfies RouteDef;

/** The customer's own payments (spec §2 portal 'Mis Pagos', dialog 'Realizar Pago'); spread into portalRoutes. */
export const pagosPortalRoutes = [
  rutaListarPagosPortal,
  rutaReportarPago,
  rutaReportarPagoTarjeta,
  rutaObtenerReciboPortal,
] as const satisfies readonly RouteDef[];
