import { page, solicitudSchema, type Solicitud } from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export const SOLICITUDES_PAGE_SIZE = 25;
const solicitudesPage = page(solicitudSchema);

/** '' = all, 'pendientes' = enviado + en_analisis, otherwise one estado. */
export type SolicitudesFiltro = '' | 'pendientes' | Solicitud['estado'];

export interface ListarSolicitudesParams {
  filtro: SolicitudesFiltro;
  cursor: string | undefined;
}

/** GET /api/solicitudes?estado=|pendientes=true&limit=&cursor= → { items, nextCursor } */
export function listarSolicitudes({ filtro, cursor }: ListarSolicitudesParams, signal?: AbortSignal) {
  return api.get('/api/solicitudes', {
    query: {
      limit: SOLICITUDES_PAGE_SIZE,
      cursor,
      estado: filtro === '' || filtro === 'pendientes' ? undefined : filtro,
      pendientes: filtro === 'pendientes' ? 'true' : undefined,
    },
    schema: solicitudesPage,
    signal,
  });
}

export const solicitudesQueryKey = ['solicitudes'] as const;

export function listarSolicitudesQueryOptions(params: ListarSolicitudesParams) {
  return queryOptions({
    queryKey: [...solicitudesQueryKey, 'list', params],
    queryFn: ({ signal }) => listarSolicitudes(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useListarSolicitudes(params: ListarSolicitudesParams) {
  return useQuery(listarSolicitudesQueryOptions(params));
}
