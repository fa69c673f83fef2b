import { creditoDetalleSchema } from '@cuota/shared/schemas/creditos';
import { api, isApiError } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/creditos/{id}: the loan with client, product and payment progress. */
export function obtenerCredito(id: string, signal?: AbortSignal) {
  return api.get(`/api/creditos/${encodeURIComponent(id)}`, { schema: creditoDetalleSchema, signal });
}

export function obtenerCreditoQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['creditos', 'detail', id],
    queryFn: ({ signal }) => obtenerCredito(id, signal),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });
}

export function useObtenerCredito(id: string) {
  return useQuery(obtenerCreditoQueryOptions(id));
}
