import {
  rangoReporteQuery,
  reporteCarteraSchema,
  reporteColocacionSchema,
  reporteCosechasSchema,
  reporteRecaudacionSchema,
} from '@cuota/shared/schemas/reportes';
import { STAFF_WRITE, type RouteDef } from '#commons/route-def';

export const rutaReporteCartera = {
  id: 'reporte-cartera',
  method: 'GET',
  path: '/api/reportes/cartera',
  handler: 'reportes/reporte-cartera',
  access: 'staff',
  roles: STAFF_WRITE,
  table: 'read',
  summary:
    'Cartera por estado (créditos, saldo de capital y mora) y cartera activa por días de atraso (0, 1–30, 31–60, 61–90, > 90)',
  tag: 'reportes',
  response: reporteCarteraSchema,
} as const satisfies RouteDef;

export const rutaReporteCosechas = {
  id: 'reporte-cosechas',
  method: 'GET',
  path: '/api/reportes/cosechas',
  handler: 'reportes/reporte-cosechas',
  access: 'staff',
  roles: STAFF_WRITE,
  table: 'read',
  summary:
    'Cosechas por mes de desembolso (?desde=&hasta=, 12 meses por defecto, 36 como máximo): monto desembolsado y saldo con más de 30 y 90 días de atraso a la fecha de negocio',
  tag: 'reportes',
  query: rangoReporteQuery,
  response: reporteCosechasSchema,
} as const satisfies RouteDef;

export const rutaReporteRecaudacion = {
  id: 'reporte-recaudacion',
  method: 'GET',
  path: '/api/reportes/recaudacion',
  handler: 'reportes/reporte-recaudacion',
  access: 'staff',
  roles: STAFF_WRITE,
  table: 'read',
  summary:
    'Recaudación por día (fecha valor) y canal: ventanilla por medio, pagos reportados aprobados y tarjeta (?desde=&hasta=, 30 días por defecto, 366 como máximo)',
  tag: 'reportes',
  query: rangoReporteQuery,
  response: reporteRecaudacionSchema,
} as const satisfies RouteDef;

export const rutaReporteColocacion = {
  id: 'reporte-colocacion',
  method: 'GET',
  path: '/api/reportes/colocacion',
  handler: 'reportes/reporte-colocacion',
  access: 'staff',
  roles: STAFF_WRITE,
  table: 'read',
  summary:
    'Colocación por mes y producto: créditos desembolsados y monto (?desde=&hasta=, 12 meses por defecto, 366 días como máximo)',
  tag: 'reportes',
  query: rangoReporteQuery,
  response: reporteColocacionSchema,
} as const satisfies RouteDef;

export const reportesRoutes = [
  rutaReporteCartera,
  rutaReporteCosechas,
  rutaReporteRecaudacion,
  rutaReporteColocacion,
] as const satisfies readonly RouteDef[];
