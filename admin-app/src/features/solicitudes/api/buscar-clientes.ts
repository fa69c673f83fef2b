import { clienteSchema, page } from '@cuota/shared';
import { api, opcionesDePagina } from '@cuota/shared/web';
import { useQuery } from '@tanstack/react-query';

const clientesPage = page(clienteSchema);

/** GET /api/clientes?q=&limit=20: the client picker of the solicitud form. */
export function buscarClientes(q: string, signal?: AbortSignal) {
  return api.get('/api/clientes', { query: { q: q.trim(), limit: 20 }, schema: clientesPage, signal });
}

export function buscarClientesQueryOptions(q: string) {
  return opcionesDePagina(['clientes', 'picker', q], (signal) => buscarClientes(q, signal));
}

export function useBuscarClientes(q: string) {
  return useQuery(buscarClientesQueryOptions(q));
}
