import { idParam } from '@cuota/shared/schemas/common';
import { castigarCreditoSchema, castigoSchema, castigoVistaSchema } from '@cuota/shared/schemas/riesgo';
import type { RouteDef } from '#commons/route-def';

export const rutaCastigarCredito = {
  id: 'castigar-credito',
  method: 'POST',
  path: '/api/creditos/{id}/castigar',
  handler: 'pagos/castigar-credito',
  access: 'staff',
  roles: ['admin'],
  table: 'write',
  summary:
    'Castigar un crédito vencido con más días de mora que castigo_dias_mora_minimos: su saldo (capital, interés vencido, mora) queda como movimiento de castigo y sale de la cartera activa, del PAR y del cierre diario (Idempotency-Key obligatoria)',
  tag: 'creditos',
  params: idParam,
  body: castigarCreditoSchema,
  response: castigoSchema,
  idempotent: 'requerida',
} as const satisfies RouteDef;

export const rutaObtenerRiesgoCredito = {
  id: 'obtener-riesgo-credito',
  method: 'GET',
  path: '/api/creditos/{id}/riesgo',
  handler: 'pagos/obtener-riesgo-credito',
  access: 'staff',
  table: 'read',
  summary:
    'Categoría de riesgo del crédito y su castigo: el saldo que se castigaría hoy, o el castigo registrado con lo recuperado',
  tag: 'creditos',
  params: idParam,
  response: castigoVistaSchema,
} as const satisfies RouteDef;

/** Write-off and a credit's risk category (docs/riesgo.md). */
export const castigoRoutes = [rutaCastigarCredito, rutaObtenerRiesgoCredito] as const satisfies readonly RouteDef[];
