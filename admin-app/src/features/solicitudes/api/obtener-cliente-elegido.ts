import { clienteSchema } from '@cuota/shared/schemas/cliente';
import { api } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opcionDeCliente } from './buscar-clientes';

/** GET /api/clientes/{id}: the client a new solicitud starts with, as the picker labels it. */
export function obtenerClienteElegido(id: string, signal?: AbortSignal) {
  return api.get(`/api/clientes/${encodeURIComponent(id)}`, { schema: clienteSchema, signal }).then(opcionDeCliente);
}

/** Nothing while `id` is empty; an unknown id leaves the picker empty (the query fails quietly). */
export function useClienteElegido(id: string) {
  return useQuery(
    queryOptions({
      queryKey: ['clientes', 'picker', 'elegido', id],
      queryFn: ({ signal }) => obtenerClienteElegido(id, signal),
      enabled: id !== '',
      retry: false,
    }),
  );
}
