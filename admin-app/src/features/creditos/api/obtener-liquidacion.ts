import { liquidacionSchema } from '@cuota/shared/schemas/creditos';
import { api, isApiError } from '@cuota/shared/web';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

const FECHA = /^\d{4}-\d{2}-\d{2}$/;

/** GET /api/creditos/{id}/liquidacion?fecha=: what cancels the credit with that value date. */
export function obtenerLiquidacion(id: string, fecha: string, signal?: AbortSignal) {
  return api.get(`/api/creditos/${encodeURIComponent(id)}/liquidacion`, { schema: liquidacionSchema, query: { fecha }, signal });
}

export function useObtenerLiquidacion(id: string, fecha: string, enabled = true) {
  return useQuery({
    queryKey: ['creditos', 'detail', id, 'liquidacion', fecha],
    queryFn: ({ signal }) => obtenerLiquidacion(id, fecha, signal),
    enabled: enabled && FECHA.test(fecha),
    placeholderData: keepPreviousData,
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });
}
