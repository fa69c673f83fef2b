import { page, paginationQuery, idParam } from '@cuota/shared/schemas/common';
import {
  aplicarLineaSchema,
  bancoParam,
  confirmarLineasSchema,
  extractoDetalleSchema,
  extractoResumenSchema,
  lineaParams,
  mapeoExtractoSchema,
  mapeoGuardadoSchema,
  resultadoConfirmarSchema,
  subirExtractoSchema,
} from '@cuota/shared/schemas/extractos';
import { pagoDetalleSchema } from '@cuota/shared/schemas/pagos';
import type { RouteDef } from '#commons/route-def';

export const rutaSubirExtracto = {
  id: 'subir-extracto',
  successStatus: 201,
  method: 'POST',
  path: '/api/conciliacion/extractos',
  handler: 'conciliacion/subir-extracto',
  access: 'staff',
  roles: ['admin', 'cobrador'],
  table: 'write',
  summary:
    'Subir un extracto bancario CSV (BN, BCR, BAC o genérico): se lee completo con el formato del banco (un error por línea y nada guardado si alguna está mal), cada depósito se compara con los pagos reportados pendientes por referencia, monto y fecha; una línea o un archivo ya subidos se reconocen',
  tag: 'conciliacion',
  body: subirExtractoSchema,
  response: extractoDetalleSchema,
} as const satisfies RouteDef;

export const rutaListarExtractos = {
  id: 'listar-extractos',
  method: 'GET',
  path: '/api/conciliacion/extractos',
  handler: 'conciliacion/listar-extractos',
  access: 'staff',
  roles: ['admin', 'cobrador'],
  table: 'read',
  summary: 'Extractos bancarios subidos, más recientes primero',
  tag: 'conciliacion',
  query: paginationQuery,
  response: page(extractoResumenSchema),
} as const satisfies RouteDef;

export const rutaObtenerExtracto = {
  id: 'obtener-extracto',
  method: 'GET',
  path: '/api/conciliacion/extractos/{id}',
  handler: 'conciliacion/obtener-extracto',
  access: 'staff',
  roles: ['admin', 'cobrador'],
  table: 'read',
  summary: 'Un extracto con sus líneas de crédito: estado, confianza y pago reportado candidato',
  tag: 'conciliacion',
  params: idParam,
  response: extractoDetalleSchema,
} as const satisfies RouteDef;

export const rutaConfirmarLineasExtracto = {
  id: 'confirmar-lineas-extracto',
  method: 'POST',
  path: '/api/conciliacion/extractos/{id}/confirmar',
  handler: 'conciliacion/confirmar-lineas-extracto',
  access: 'staff',
  roles: ['admin', 'cobrador'],
  table: 'write',
  summary:
    'Confirmar coincidencias en lote: cada pago reportado se aprueba (aplicado en la fecha del banco) y su línea queda conciliada; una línea se aplica una sola vez aunque se confirme de nuevo',
  tag: 'conciliacion',
  params: idParam,
  body: confirmarLineasSchema,
  response: resultadoConfirmarSchema,
} as const satisfies RouteDef;

export const rutaAplicarLineaExtracto = {
  id: 'aplicar-linea-extracto',
  successStatus: 201,
  method: 'POST',
  path: '/api/conciliacion/extractos/{id}/lineas/{n}/aplicar',
  handler: 'conciliacion/aplicar-linea-extracto',
  access: 'staff',
  roles: ['admin', 'cobrador'],
  table: 'write',
  summary:
    'Aplicar una línea de crédito sin coincidencia como pago en ventanilla al crédito elegido (fecha y referencia del banco, canal transferencia o SINPE Móvil), una sola vez',
  tag: 'conciliacion',
  params: lineaParams,
  body: aplicarLineaSchema,
  response: pagoDetalleSchema,
} as const satisfies RouteDef;

export const rutaObtenerMapeoExtracto = {
  id: 'obtener-mapeo-extracto',
  method: 'GET',
  path: '/api/conciliacion/mapeos/{banco}',
  handler: 'conciliacion/obtener-mapeo-extracto',
  access: 'staff',
  roles: ['admin'],
  table: 'read',
  summary: 'Formato del CSV de un banco: el guardado o el predeterminado',
  tag: 'conciliacion',
  params: bancoParam,
  response: mapeoGuardadoSchema,
} as const satisfies RouteDef;

export const rutaGuardarMapeoExtracto = {
  id: 'guardar-mapeo-extracto',
  method: 'PUT',
  path: '/api/conciliacion/mapeos/{banco}',
  handler: 'conciliacion/guardar-mapeo-extracto',
  access: 'staff',
  roles: ['admin'],
  table: 'write',
  summary: 'Guardar el formato del CSV de un banco (columnas, separador, decimales, fecha, filas de encabezado)',
  tag: 'conciliacion',
  params: bancoParam,
  body: mapeoExtractoSchema,
  response: mapeoGuardadoSchema,
} as const satisfies RouteDef;

/** Bank statements matched against reported payments (issue 16 §4). */
export const conciliacionRoutes = [
  rutaSubirExtracto,
  rutaListarExtractos,
  rutaObtenerExtracto,
  rutaConfirmarLineasExtracto,
  rutaAplicarLineaExtracto,
  rutaObtenerMapeoExtracto,
  rutaGuardarMapeoExtracto,
] as const satisfies readonly RouteDef[];
