import { type RouteDef } from '#commons/route-def';

export const rutaObtenerOpenapi = {
  id: 'obtener-openapi',
  method: 'GET',
  path: '/api/openapi.json',
  handler: 'openapi/obtener-openapi',
  access: 'public',
  table: 'none',
  summary: 'Documento OpenAPI 3.1 generado desde el manifiesto',
  tag: 'sistema',
} as const satisfies RouteDef;

export const openapiRoutes = [rutaObtenerOpenapi] as const satisfies readonly RouteDef[];
