import { page } from '@cuota/shared/schemas/common';
import { solicitudSchema, type Solicitud } from '@cuota/shared/schemas/lending';
import { api, opcionesDePagina } from '@cuota/shared/web';
import { useQuery } from '@tanstack/react-query';

export const SOLICITUDES_PAGE_SIZE = 25;
const solicitudesPage = page(solicitudSchema);

/** '' = all, 'pendientes' = enviado + en_analisis, otherwise one estado. */
export type SolicitudesFiltro = '' | 'pendientes' | Solicitud['estado'];

export interface ListarSolicitudesParams {
  filtro: SolicitudesFiltro;
  cursor: string | undefined;
}

/** GET /api/solicitudes?estado=|pendientes=true&limit=&cursor= → { items, nextCursor } */
/** `limite`: the page size (the CSV export reads the list in the largest pages). */
export function listarSolicitudes(
  { filtro, cursor }: ListarSolicitudesParams,
  signal?: AbortSignal,
  limite = SOLICITUDES_PAGE_SIZE,
) {
  return api.get('/api/solicitudes', {
    query: {
      limit: limite,
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
  return opcionesDePagina([...solicitudesQueryKey, 'list', params], (signal) => listarSolicitudes(params, signal));
}

export function useListarSolicitudes(params: ListarSolicitudesParams) {
  return useQuery(listarSolicitudesQueryOptions(params));
}
