import { actividadSchema, page } from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Spec §9: the monitoring feed shows the newest 10 entries and refreshes every 10 s. */
export const ACTIVIDAD_LIMITE = 10;
export const ACTIVIDAD_REFRESH_MS = 10_000;

const actividadPage = page(actividadSchema);

/** GET /api/actividad?limit=10: newest first (staff). */
export function listarActividad(signal?: AbortSignal) {
  return api.get('/api/actividad', { query: { limit: ACTIVIDAD_LIMITE }, schema: actividadPage, signal });
}

export function listarActividadQueryOptions() {
  return queryOptions({
    queryKey: ['actividad', ACTIVIDAD_LIMITE],
    queryFn: ({ signal }) => listarActividad(signal),
    refetchInterval: ACTIVIDAD_REFRESH_MS,
  });
}

export function useListarActividad() {
  return useQuery(listarActividadQueryOptions());
}
