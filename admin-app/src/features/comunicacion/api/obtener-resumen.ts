import { comunicacionResumenSchema } from '@cuota/shared/schemas/comunicacion';
import { api } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const resumenComunicacionQueryKey = ['comunicacion', 'resumen'] as const;

/** GET /api/comunicacion/resumen: total clients, with active loans, with arrears (staff). */
export function obtenerResumenComunicacion(signal?: AbortSignal) {
  return api.get('/api/comunicacion/resumen', { schema: comunicacionResumenSchema, signal });
}

export function resumenComunicacionQueryOptions() {
  return queryOptions({
    queryKey: resumenComunicacionQueryKey,
    queryFn: ({ signal }) => obtenerResumenComunicacion(signal),
    staleTime: 30_000,
  });
}

export function useObtenerResumenComunicacion() {
  return useQuery(resumenComunicacionQueryOptions());
}
