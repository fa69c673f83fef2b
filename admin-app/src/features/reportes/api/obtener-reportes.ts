import {
  reporteCarteraSchema,
  reporteColocacionSchema,
  reporteCosechasSchema,
  reporteRecaudacionSchema,
  type RangoReporte,
} from '@cuota/shared/schemas/reportes';
import { api, opcionesDePagina } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';

const rango = (r: RangoReporte) => ({ desde: r.desde || undefined, hasta: r.hasta || undefined });

/** GET /api/reportes/cartera: balance and count by estado and by days late. */
export function obtenerReporteCartera(signal?: AbortSignal) {
  return api.get('/api/reportes/cartera', { schema: reporteCarteraSchema, signal });
}
/** GET /api/reportes/cosechas?desde=&hasta= */
export function obtenerReporteCosechas(r: RangoReporte, signal?: AbortSignal) {
  return api.get('/api/reportes/cosechas', { query: rango(r), schema: reporteCosechasSchema, signal });
}
/** GET /api/reportes/recaudacion?desde=&hasta= */
export function obtenerReporteRecaudacion(r: RangoReporte, signal?: AbortSignal) {
  return api.get('/api/reportes/recaudacion', { query: rango(r), schema: reporteRecaudacionSchema, signal });
}
/** GET /api/reportes/colocacion?desde=&hasta= */
export function obtenerReporteColocacion(r: RangoReporte, signal?: AbortSignal) {
  return api.get('/api/reportes/colocacion', { query: rango(r), schema: reporteColocacionSchema, signal });
}

export const useReporteCartera = () =>
  useQuery(queryOptions({ queryKey: ['reportes', 'cartera'], queryFn: ({ signal }) => obtenerReporteCartera(signal) }));
export const useReporteCosechas = (r: RangoReporte) =>
  useQuery(opcionesDePagina(['reportes', 'cosechas', r], (signal) => obtenerReporteCosechas(r, signal)));
export const useReporteRecaudacion = (r: RangoReporte) =>
  useQuery(opcionesDePagina(['reportes', 'recaudacion', r], (signal) => obtenerReporteRecaudacion(r, signal)));
export const useReporteColocacion = (r: RangoReporte) =>
  useQuery(opcionesDePagina(['reportes', 'colocacion', r], (signal) => obtenerReporteColocacion(r, signal)));
