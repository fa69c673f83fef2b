import { cierreDiarioEstadoSchema } from '@cuota/shared/schemas/pagos';
import { api } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const CIERRE_DIARIO_KEY = ['cierre-diario', 'estado'] as const;

/** GET /api/cierre-diario (admin): the business date, the last date closed and the dates pending up to today. */
export function obtenerCierreDiario(signal?: AbortSignal) {
  return api.get('/api/cierre-diario', { schema: cierreDiarioEstadoSchema, signal });
}

export function obtenerCierreDiarioQueryOptions() {
  return queryOptions({ queryKey: CIERRE_DIARIO_KEY, queryFn: ({ signal }) => obtenerCierreDiario(signal) });
}

export function useObtenerCierreDiario(enabled = true) {
  return useQuery({ ...obtenerCierreDiarioQueryOptions(), enabled });
}
