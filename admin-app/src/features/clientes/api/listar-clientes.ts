import { clienteSchema, page } from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export const CLIENTES_PAGE_SIZE = 25;
const clientesPage = page(clienteSchema);

export interface ListarClientesParams {
  q: string;
  cursor: string | undefined;
}

/** GET /api/clientes?q=&limit=&cursor= → { items, nextCursor } */
export function listarClientes({ q, cursor }: ListarClientesParams, signal?: AbortSignal) {
  return api.get('/api/clientes', {
    query: { q: q.trim(), limit: CLIENTES_PAGE_SIZE, cursor },
    schema: clientesPage,
    signal,
  });
}

export const clientesQueryKey = ['clientes', 'list'] as const;

export function listarClientesQueryOptions(params: ListarClientesParams) {
  return queryOptions({
    queryKey: [...clientesQueryKey, params],
    queryFn: ({ signal }) => listarClientes(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useListarClientes(params: ListarClientesParams) {
  return useQuery(listarClientesQueryOptions(params));
}
