import { creditoSchema, page, type CREDITO_ESTADOS } from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export const CREDITOS_PAGE_SIZE = 25;
const creditosPage = page(creditoSchema);

export interface ListarCreditosParams {
  q: string;
  estado: (typeof CREDITO_ESTADOS)[number] | undefined;
  cursor: string | undefined;
}

/** GET /api/creditos?q=&estado=&limit=&cursor= → { items, nextCursor } */
export function listarCreditos({ q, estado, cursor }: ListarCreditosParams, signal?: AbortSignal) {
  return api.get('/api/creditos', {
    query: { q: q.trim() || undefined, estado, limit: CREDITOS_PAGE_SIZE, cursor },
    schema: creditosPage,
    signal,
  });
}

export function listarCreditosQueryOptions(params: ListarCreditosParams) {
  return queryOptions({
    queryKey: ['creditos', 'list', params],
    queryFn: ({ signal }) => listarCreditos(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useListarCreditos(params: ListarCreditosParams) {
  return useQuery(listarCreditosQueryOptions(params));
}
