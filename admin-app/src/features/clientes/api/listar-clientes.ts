import { clienteSchema } from '@cuota/shared/schemas/cliente';
import { page } from '@cuota/shared/schemas/common';
import { api, opcionesDePagina } from '@cuota/shared/web';
import { useQuery } from '@tanstack/react-query';

export const CLIENTES_PAGE_SIZE = 25;
const clientesPage = page(clienteSchema);

export interface ListarClientesParams {
  q: string;
  cursor: string | undefined;
}

/** GET /api/clientes?q=&limit=&cursor= → { items, nextCursor } */
/** `limite`: the page size (the CSV export reads the list in the largest pages). */
export function listarClientes({ q, cursor }: ListarClientesParams, signal?: AbortSignal, limite = CLIENTES_PAGE_SIZE) {
  return api.get('/api/clientes', {
    query: { q: q.trim(), limit: limite, cursor },
    schema: clientesPage,
    signal,
  });
}

export const clientesQueryKey = ['clientes', 'list'] as const;

export function listarClientesQueryOptions(params: ListarClientesParams) {
  return opcionesDePagina([...clientesQueryKey, params], (signal) => listarClientes(params, signal));
}

export function useListarClientes(params: ListarClientesParams) {
  return useQuery(listarClientesQueryOptions(params));
}
