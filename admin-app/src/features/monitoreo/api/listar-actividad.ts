import { page } from '@cuota/shared/schemas/common';
import { actividadSchema, type FiltroActividad } from '@cuota/shared/schemas/dashboard';
import { api } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Spec §9: the monitoring feed shows the newest 10 entries and refreshes every 10 s. */
export const ACTIVIDAD_LIMITE = 10;
export const ACTIVIDAD_REFRESH_MS = 10_000;

const actividadPage = page(actividadSchema);

/** What the feed shows: one kind or 'operaciones' (all but sign-ins), or everything (no `tipo`); optionally one user's. */
export interface FiltroDeActividad {
  tipo?: FiltroActividad;
  usuario?: string;
}

/** GET /api/actividad?limit=10&tipo=&usuario=: newest first (staff). */
export function listarActividad(filtro: FiltroDeActividad = {}, signal?: AbortSignal) {
  return api.get('/api/actividad', {
    query: { limit: ACTIVIDAD_LIMITE, tipo: filtro.tipo, usuario: filtro.usuario || undefined },
    schema: actividadPage,
    signal,
  });
}

export function listarActividadQueryOptions(filtro: FiltroDeActividad = {}) {
  return queryOptions({
    queryKey: ['actividad', ACTIVIDAD_LIMITE, filtro.tipo ?? 'todas', filtro.usuario ?? ''],
    queryFn: ({ signal }) => listarActividad(filtro, signal),
    refetchInterval: ACTIVIDAD_REFRESH_MS,
  });
}

export function useListarActividad(filtro: FiltroDeActividad = {}) {
  return useQuery(listarActividadQueryOptions(filtro));
}
