import { page } from '@cuota/shared/schemas/common';
import { campanaSchema, type Campana } from '@cuota/shared/schemas/comunicacion';
import { api } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Spec §9: the 10 most recent campaigns. */
export const CAMPANAS_LIMITE = 10;
/** While a campaign is sending, its progress is polled at this pace (beyond the spec). */
export const CAMPANAS_PROGRESO_MS = 2_500;

export const campanasQueryKey = ['campanas', CAMPANAS_LIMITE] as const;

const campanasPage = page(campanaSchema);

/** GET /api/campanas?limit=10 (admin): newest first, with the sender's progress. */
export function listarCampanas(signal?: AbortSignal) {
  return api.get('/api/campanas', { query: { limit: CAMPANAS_LIMITE }, schema: campanasPage, signal });
}

export function hayEnvioEnCurso(items: readonly Campana[] | undefined): boolean {
  return Boolean(items?.some((c) => c.estado === 'enviando'));
}

export function listarCampanasQueryOptions() {
  return queryOptions({
    queryKey: campanasQueryKey,
    queryFn: ({ signal }) => listarCampanas(signal),
    refetchInterval: (query) => (hayEnvioEnCurso(query.state.data?.items) ? CAMPANAS_PROGRESO_MS : false),
  });
}

/** Admin only: the page mounts the list only once the caller is known to be an admin. */
export function useListarCampanas() {
  return useQuery(listarCampanasQueryOptions());
}
