import { monitoreoSchema } from '@cuota/shared/schemas/dashboard';
import { api } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Spec §9: monitoring metrics refresh every 30 s. */
export const MONITOREO_REFRESH_MS = 30_000;

/** GET /api/monitoreo: the seven operational cards (staff). */
export function obtenerMonitoreo(signal?: AbortSignal) {
  return api.get('/api/monitoreo', { schema: monitoreoSchema, signal });
}

export function obtenerMonitoreoQueryOptions() {
  return queryOptions({
    queryKey: ['monitoreo'],
    queryFn: ({ signal }) => obtenerMonitoreo(signal),
    refetchInterval: MONITOREO_REFRESH_MS,
  });
}

export function useObtenerMonitoreo() {
  return useQuery(obtenerMonitoreoQueryOptions());
}
