import { idParam, page, paginationQuery } from '@cuota/shared/schemas/common';
import {
  creditoDetalleSchema,
  creditoDocumentosSchema,
  creditosQuery,
  liquidacionQuery,
  liquidacionSchema,
} from '@cuota/shared/schemas/creditos';
import { creditoSchema, cuotaSchema, pagoSchema } from '@cuota/shared/schemas/lending';
import type { RouteDef } from '#commons/route-def';

export const rutaListarCreditos = {
  id: 'listar-creditos',
  method: 'GET',
  path: '/api/creditos',
  handler: 'creditos/listar-creditos',
  access: 'staff',
  table: 'read',
  summary: 'Créditos, más recientes primero; ?q= busca por número o nombre del cliente, ?estado= filtra',
  tag: 'creditos',
  query: creditosQuery,
  response: page(creditoSchema),
} as const satisfies RouteDef;

export const rutaObtenerCredito = {
  id: 'obtener-credito',
  method: 'GET',
  path: '/api/creditos/{id}',
  handler: 'creditos/obtener-credito',
  access: 'staff',
  table: 'read',
  summary: 'Detalle de un crédito con cliente, producto, progreso de pago y lo que adeuda hoy',
  tag: 'creditos',
  params: idParam,
  response: creditoDetalleSchema,
} as const satisfies RouteDef;

export const rutaListarCuotasCredito = {
  id: 'listar-cuotas-credito',
  method: 'GET',
  path: '/api/creditos/{id}/cuotas',
  handler: 'creditos/listar-cuotas-credito',
  access: 'staff',
  table: 'read',
  summary: 'Tabla de amortización del crédito, por número de cuota',
  tag: 'creditos',
  params: idParam,
  query: paginationQuery,
  response: page(cuotaSchema),
} as const satisfies RouteDef;

export const rutaListarPagosCredito = {
  id: 'listar-pagos-credito',
  method: 'GET',
  path: '/api/creditos/{id}/pagos',
  handler: 'creditos/listar-pagos-credito',
  access: 'staff',
  table: 'read',
  summary: 'Pagos del crédito, más recientes primero',
  tag: 'creditos',
  params: idParam,
  query: paginationQuery,
  response: page(pagoSchema),
} as const satisfies RouteDef;

export const rutaObtenerDocumentosCredito = {
  id: 'obtener-documentos-credito',
  method: 'GET',
  path: '/api/creditos/{id}/documentos',
  handler: 'creditos/obtener-documentos-credito',
  access: 'staff',
  table: 'read',
  summary: 'Datos del contrato imprimible y de los comprobantes de pago del crédito',
  tag: 'creditos',
  params: idParam,
  response: creditoDocumentosSchema,
} as const satisfies RouteDef;

export const rutaObtenerLiquidacion = {
  id: 'obtener-liquidacion',
  method: 'GET',
  path: '/api/creditos/{id}/liquidacion',
  handler: 'creditos/obtener-liquidacion',
  access: 'staff',
  table: 'read',
  summary:
    'Monto que cancela el crédito con fecha valor ?fecha= (por defecto hoy; desde el desembolso o el último pago aplicado, hasta 60 días adelante): capital, interés devengado, vencido y mora',
  tag: 'creditos',
  params: idParam,
  query: liquidacionQuery,
  response: liquidacionSchema,
} as const satisfies RouteDef;

export const creditosRoutes = [
  rutaListarCreditos,
  rutaObtenerCredito,
  rutaListarCuotasCredito,
  rutaListarPagosCredito,
  rutaObtenerDocumentosCredito,
  rutaObtenerLiquidacion,
] as const satisfies readonly RouteDef[];
