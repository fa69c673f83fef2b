import {
  asignacionCobranzaSchema,
  asignacionResultadoSchema,
  cobranzaPageSchema,
  cobranzaQuery,
} from '@cuota/shared/schemas/cobranza';
import type { RouteDef } from '#commons/route-def';

export const rutaListarCobranza = {
  id: 'listar-cobranza',
  method: 'GET',
  path: '/api/cobranza',
  handler: 'cobranza/listar-cobranza',
  access: 'staff',
  roles: ['admin', 'analista', 'cobrador'],
  table: 'read',
  summary:
    'Créditos en mora por tramo (1-30, 31-60, 61-90, 90+), por días de mora o monto vencido; filtros por cobrador, producto y zona',
  tag: 'cobranza',
  query: cobranzaQuery,
  response: cobranzaPageSchema,
} as const satisfies RouteDef;

export const rutaAsignarCobranza = {
  id: 'asignar-cobranza',
  method: 'POST',
  path: '/api/cobranza/asignaciones',
  handler: 'cobranza/asignar-cobranza',
  access: 'staff',
  roles: ['admin'],
  table: 'write',
  cognito: 'lectura',
  summary: 'Asigna hasta 100 créditos a un cobrador (null quita la asignación)',
  tag: 'cobranza',
  body: asignacionCobranzaSchema,
  response: asignacionResultadoSchema,
} as const satisfies RouteDef;

export const cobranzaRoutes = [rutaListarCobranza, rutaAsignarCobranza] as const;
