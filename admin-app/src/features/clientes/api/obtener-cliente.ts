import { clienteDetalleSchema } from '@cuota/shared/schemas/cliente';
import { api } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/clientes/{id}: the profile with credit-line usage and counters. */
export function obtenerCliente(id: string, signal?: AbortSignal) {
  return api.get(`/api/clientes/${encodeURIComponent(id)}`, { schema: clienteDetalleSchema, signal });
}

export function obtenerClienteQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['clientes', 'detail', id],
    queryFn: ({ signal }) => obtenerCliente(id, signal),
  });
}

export function useObtenerCliente(id: string) {
  return useQuery(obtenerClienteQueryOptions(id));
}
