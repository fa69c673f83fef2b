import { clienteSchema } from '@cuota/shared/schemas/cliente';
import { idParam, page, paginationQuery } from '@cuota/shared/schemas/common';
import {
  creditoDetalleSchema,
  creditoDocumentosSchema,
  creditoPortalSchema,
  documentoRefSchema,
  liquidacionQuery,
  liquidacionSchema,
  portalResumenSchema,
} from '@cuota/shared/schemas/creditos';
import { cuotaSchema, solicitudSchema } from '@cuota/shared/schemas/lending';
import { portalRegistroSchema } from '@cuota/shared/schemas/registro';
import { solicitudPortalCrearSchema } from '@cuota/shared/schemas/solicitudes';
import { type RouteDef } from '#commons/route-def';
import { pagosPortalRoutes } from '../pagos/portal-routes';

export const rutaRegistrarClientePortal = {
  id: 'registrar-cliente-portal',
  successStatus: 201,
  method: 'POST',
  path: '/api/portal/registro',
  handler: 'portal/registrar-cliente-portal',
  access: 'user',
  table: 'write',
  summary: 'Crear el registro de cliente propio tras el alta en Cognito',
  tag: 'portal',
  body: portalRegistroSchema,
  response: clienteSchema,
} as const satisfies RouteDef;

export const rutaObtenerResumenPortal = {
  id: 'obtener-resumen-portal',
  method: 'GET',
  path: '/api/portal/resumen',
  handler: 'portal/obtener-resumen-portal',
  access: 'cliente',
  table: 'read',
  summary: 'Score, línea de crédito (límite, usado, disponible) y las 5 cuotas impagas más próximas del cliente propio',
  tag: 'portal',
  response: portalResumenSchema,
} as const satisfies RouteDef;

export const rutaListarSolicitudesPortal = {
  id: 'listar-solicitudes-portal',
  method: 'GET',
  path: '/api/portal/solicitudes',
  handler: 'portal/listar-solicitudes-portal',
  access: 'cliente',
  table: 'read',
  summary: 'Solicitudes propias, más recientes primero',
  tag: 'portal',
  query: paginationQuery,
  response: page(solicitudSchema),
} as const satisfies RouteDef;

export const rutaCrearSolicitudPortal = {
  id: 'crear-solicitud-portal',
  successStatus: 201,
  method: 'POST',
  path: '/api/portal/solicitudes',
  handler: 'portal/crear-solicitud-portal',
  access: 'cliente',
  table: 'write',
  summary: 'Solicitar un crédito para uno mismo (estado enviado)',
  tag: 'portal',
  body: solicitudPortalCrearSchema,
  response: solicitudSchema,
} as const satisfies RouteDef;

export const rutaListarCreditosPortal = {
  id: 'listar-creditos-portal',
  method: 'GET',
  path: '/api/portal/creditos',
  handler: 'portal/listar-creditos-portal',
  access: 'cliente',
  table: 'read',
  summary: 'Créditos propios, más recientes primero, cada uno con lo que adeuda hoy',
  tag: 'portal',
  query: paginationQuery,
  response: page(creditoPortalSchema),
} as const satisfies RouteDef;

export const rutaObtenerCreditoPortal = {
  id: 'obtener-credito-portal',
  method: 'GET',
  path: '/api/portal/creditos/{id}',
  handler: 'portal/obtener-credito-portal',
  access: 'cliente',
  table: 'read',
  summary: 'Detalle de un crédito propio con lo que adeuda hoy (el de otro cliente responde 404)',
  tag: 'portal',
  params: idParam,
  response: creditoDetalleSchema,
} as const satisfies RouteDef;

export const rutaListarCuotasPortal = {
  id: 'listar-cuotas-portal',
  method: 'GET',
  path: '/api/portal/creditos/{id}/cuotas',
  handler: 'portal/listar-cuotas-portal',
  access: 'cliente',
  table: 'read',
  summary: 'Tabla de amortización de un crédito propio',
  tag: 'portal',
  params: idParam,
  query: paginationQuery,
  response: page(cuotaSchema),
} as const satisfies RouteDef;

export const rutaObtenerDocumentosCreditoPortal = {
  id: 'obtener-documentos-credito-portal',
  method: 'GET',
  path: '/api/portal/creditos/{id}/documentos',
  handler: 'portal/obtener-documentos-credito-portal',
  access: 'cliente',
  table: 'read',
  summary: 'Datos del contrato y comprobantes de un crédito propio, para imprimir',
  tag: 'portal',
  params: idParam,
  response: creditoDocumentosSchema,
} as const satisfies RouteDef;

export const rutaListarDocumentosPortal = {
  id: 'listar-documentos-portal',
  method: 'GET',
  path: '/api/portal/documentos',
  handler: 'portal/listar-documentos-portal',
  access: 'cliente',
  table: 'read',
  summary: 'Documentos propios (contratos, tablas de amortización y comprobantes) por crédito',
  tag: 'portal',
  query: paginationQuery,
  response: page(documentoRefSchema),
} as const satisfies RouteDef;

export const rutaObtenerLiquidacionPortal = {
  id: 'obtener-liquidacion-portal',
  method: 'GET',
  path: '/api/portal/creditos/{id}/liquidacion',
  handler: 'portal/obtener-liquidacion-portal',
  access: 'cliente',
  table: 'read',
  summary:
    'Monto que cancela un crédito propio con fecha valor ?fecha= (por defecto hoy, hasta 60 días adelante) y su desglose (el de otro cliente responde 404)',
  tag: 'portal',
  params: idParam,
  query: liquidacionQuery,
  response: liquidacionSchema,
} as const satisfies RouteDef;

export const portalRoutes = [
  rutaRegistrarClientePortal,
  rutaObtenerResumenPortal,
  rutaListarSolicitudesPortal,
  rutaCrearSolicitudPortal,
  rutaListarCreditosPortal,
  rutaObtenerCreditoPortal,
  rutaListarCuotasPortal,
  rutaObtenerDocumentosCreditoPortal,
  rutaListarDocumentosPortal,
  rutaObtenerLiquidacionPortal,
  ...pagosPortalRoutes,
] as const satisfies readonly RouteDef[];
