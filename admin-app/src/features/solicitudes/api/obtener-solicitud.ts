import { solicitudDetalleSchema } from '@cuota/shared/schemas/solicitudes';
import { api } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { solicitudesQueryKey } from './listar-solicitudes';

/** GET /api/solicitudes/{id}: with the client, the product and the stored scorecard factors. */
export function obtenerSolicitud(id: string, signal?: AbortSignal) {
  return api.get(`/api/solicitudes/${encodeURIComponent(id)}`, { schema: solicitudDetalleSchema, signal });
}

export function obtenerSolicitudQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...solicitudesQueryKey, 'detail', id],
    queryFn: ({ signal }) => obtenerSolicitud(id, signal),
  });
}

export function useObtenerSolicitud(id: string) {
  return useQuery(obtenerSolicitudQueryOptions(id));
}
