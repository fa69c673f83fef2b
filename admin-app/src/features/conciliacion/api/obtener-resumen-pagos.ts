import { pagosResumenSchema } from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pagosQueryKey } from './listar-pagos';

/** GET /api/pagos/resumen → pending count/total and reconciled today. */
export function obtenerResumenPagos(signal?: AbortSignal) {
  return api.get('/api/pagos/resumen', { schema: pagosResumenSchema, signal });
}

export const resumenPagosQueryOptions = queryOptions({
  queryKey: [...pagosQueryKey, 'resumen'],
  queryFn: ({ signal }) => obtenerResumenPagos(signal),
});

export function useObtenerResumenPagos() {
  return useQuery(resumenPagosQueryOptions);
}
