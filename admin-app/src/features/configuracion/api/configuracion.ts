import { configuracionListaSchema, configuracionSchema } from '@cuota/shared/schemas/configuracion';
import { api, useMutacionQueRefresca } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/configuracion (everything for admins). */
export function listarConfiguracion(signal?: AbortSignal) {
  return api.get('/api/configuracion', { schema: configuracionListaSchema, signal });
}

export const configuracionQueryKey = ['configuracion', 'list'] as const;

export function listarConfiguracionQueryOptions() {
  return queryOptions({ queryKey: configuracionQueryKey, queryFn: ({ signal }) => listarConfiguracion(signal) });
}

export function useListarConfiguracion(enabled: boolean) {
  return useQuery({ ...listarConfiguracionQueryOptions(), enabled });
}

/** PUT /api/configuracion/{clave} { valor } (admin). */
export function actualizarConfiguracion({ clave, valor }: { clave: string; valor: string }) {
  return api.put(`/api/configuracion/${encodeURIComponent(clave)}`, { valor }, { schema: configuracionSchema });
}

export function useActualizarConfiguracion() {
  return useMutacionQueRefresca(actualizarConfiguracion, configuracionQueryKey);
}
