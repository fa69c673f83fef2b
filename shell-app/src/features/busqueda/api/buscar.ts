import { resultadoBusquedaSchema, type ResultadoBusqueda } from '@cuota/shared/schemas/busqueda';
import { api, LARGO_MINIMO_BUSQUEDA } from '@cuota/shared/web';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/busqueda?q=: clients, credits and solicitudes, at most 5 of each. */
export function buscar(q: string, signal?: AbortSignal): Promise<ResultadoBusqueda> {
  return api.get('/api/busqueda', { query: { q }, schema: resultadoBusquedaSchema, signal });
}

export function busquedaQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['busqueda', q],
    queryFn: ({ signal }) => buscar(q, signal),
    enabled: q.length >= LARGO_MINIMO_BUSQUEDA,
    // while the next query loads, the last results stay (marked busy) instead of flashing empty
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useBuscar(q: string) {
  return useQuery(busquedaQueryOptions(q));
}
