import { metodoPagoSchema, metodosPagoListaSchema } from '@cuota/shared/schemas/configuracion';
import { api, useMutacionQueRefresca } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/metodos-pago (staff see all, by orden). */
export function listarMetodosPago(signal?: AbortSignal) {
  return api.get('/api/metodos-pago', { schema: metodosPagoListaSchema, signal });
}

export const metodosPagoQueryKey = ['metodos-pago', 'list'] as const;

export function listarMetodosPagoQueryOptions() {
  return queryOptions({ queryKey: metodosPagoQueryKey, queryFn: ({ signal }) => listarMetodosPago(signal) });
}

export function useListarMetodosPago(enabled: boolean) {
  return useQuery({ ...listarMetodosPagoQueryOptions(), enabled });
}

/** PATCH /api/metodos-pago/{id} { activo } (admin). */
export function cambiarEstadoMetodoPago({ id, activo }: { id: string; activo: boolean }) {
  return api.patch(`/api/metodos-pago/${encodeURIComponent(id)}`, { activo }, { schema: metodoPagoSchema });
}

export function useCambiarEstadoMetodoPago() {
  return useMutacionQueRefresca(cambiarEstadoMetodoPago, metodosPagoQueryKey);
}
