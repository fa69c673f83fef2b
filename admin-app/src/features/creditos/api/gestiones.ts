import { page } from '@cuota/shared/schemas/common';
import { gestionSchema, promesaSchema, type GestionNuevaInput, type PromesaNueva } from '@cuota/shared/schemas/gestiones';
import { api, useMutacionQueRefresca } from '@cuota/shared/web';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';

export const GESTIONES_PAGE_SIZE = 10;
const gestionesPage = page(gestionSchema);
const promesasPage = page(promesaSchema);
const base = (id: string) => `/api/creditos/${encodeURIComponent(id)}`;
const gestionesKey = (id: string) => ['creditos', 'detail', id, 'gestiones'] as const;
const promesasKey = (id: string) => ['creditos', 'detail', id, 'promesas'] as const;

/** GET /api/creditos/{id}/gestiones, newest first, a page at a time ('Cargar más'). */
export function listarGestionesQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: gestionesKey(id),
    queryFn: ({ pageParam, signal }) =>
      api.get(`${base(id)}/gestiones`, {
        query: { limit: GESTIONES_PAGE_SIZE, cursor: pageParam ?? undefined },
        schema: gestionesPage,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (ultima) => ultima.nextCursor,
  });
}
export const useListarGestiones = (id: string) => useInfiniteQuery(listarGestionesQueryOptions(id));

/** GET /api/creditos/{id}/promesas: the newest first, so the first is the current one. */
export function listarPromesasQueryOptions(id: string) {
  return queryOptions({
    queryKey: promesasKey(id),
    queryFn: ({ signal }) => api.get(`${base(id)}/promesas`, { query: { limit: 5 }, schema: promesasPage, signal }),
  });
}
export const useListarPromesas = (id: string) => useQuery(listarPromesasQueryOptions(id));

/** POST /api/creditos/{id}/gestiones (cobrador, analista, admin). */
export function useRegistrarGestion(id: string) {
  return useMutacionQueRefresca(
    // clave: the submission's Idempotency-Key, so a double tap or a retry logs the contact once
    ({ body, clave }: { body: GestionNuevaInput; clave: string }) =>
      api.post(`${base(id)}/gestiones`, body, { schema: gestionSchema, headers: { 'Idempotency-Key': clave } }),
    gestionesKey(id),
  );
}

/** POST /api/creditos/{id}/promesas: replaces the open promise. */
export function useRegistrarPromesa(id: string) {
  return useMutacionQueRefresca(
    (body: PromesaNueva) => api.post(`${base(id)}/promesas`, body, { schema: promesaSchema }),
    promesasKey(id),
  );
}
