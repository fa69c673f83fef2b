import {
  reporteCarteraSchema,
  reporteColocacionSchema,
  reporteCosechasSchema,
  reporteRecaudacionSchema,
  type RangoReporte,
} from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

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
  useQuery(
    queryOptions({
      queryKey: ['reportes', 'cosechas', r],
      queryFn: ({ signal }) => obtenerReporteCosechas(r, signal),
      placeholderData: keepPreviousData,
    }),
  );
export const useReporteRecaudacion = (r: RangoReporte) =>
  useQuery(
    queryOptions({
      queryKey: ['reportes', 'recaudacion', r],
      queryFn: ({ signal }) => obtenerReporteRecaudacion(r, signal),
      placeholderData: keepPreviousData,
    }),
  );
export const useReporteColocacion = (r: RangoReporte) =>
  useQuery(
    queryOptions({
      queryKey: ['reportes', 'colocacion', r],
      queryFn: ({ signal }) => obtenerReporteColocacion(r, signal),
      placeholderData: keepPreviousData,
    }),
  );
