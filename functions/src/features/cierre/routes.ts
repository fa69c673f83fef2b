import { cierreDiarioEstadoSchema, cierreDiarioResultadoSchema, cierreDiarioSchema } from '@cuota/shared/schemas/pagos';
import type { RouteDef } from '#commons/route-def';

export const rutaObtenerCierreDiario = {
  id: 'obtener-cierre-diario',
  method: 'GET',
  path: '/api/cierre-diario',
  handler: 'cierre/obtener-cierre-diario',
  access: 'staff',
  roles: ['admin'],
  table: 'read',
  summary: 'Estado del cierre diario: fecha de negocio, último día cerrado y cuántas fechas faltan por cerrar hasta hoy',
  tag: 'cierre',
  response: cierreDiarioEstadoSchema,
} as const satisfies RouteDef;

export const rutaCerrarDia = {
  id: 'cerrar-dia',
  method: 'POST',
  path: '/api/cierre-diario',
  handler: 'cierre/cerrar-dia',
  access: 'staff',
  roles: ['admin'],
  table: 'write',
  summary:
    'Ejecutar ahora el cierre diario (mora, días de atraso, estados, avisos) hasta una fecha de negocio; idempotente por fecha',
  tag: 'cierre',
  body: cierreDiarioSchema,
  response: cierreDiarioResultadoSchema,
} as const satisfies RouteDef;

export const cierreRoutes = [rutaObtenerCierreDiario, rutaCerrarDia] as const satisfies readonly RouteDef[];
