import { page } from '@cuota/shared/schemas/common';
import { solicitudSchema } from '@cuota/shared/schemas/lending';
import { api } from '@cuota/shared/web';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export const MIS_SOLICITUDES_PAGE_SIZE = 10;
const solicitudesPage = page(solicitudSchema);

/** Every query of the customer's own solicitudes; creating one invalidates them all. */
export const misSolicitudesQueryKey = ['portal', 'solicitudes'] as const;

/** GET /api/portal/solicitudes?limit=&cursor= → the caller's own solicitudes, newest first. */
export function listarSolicitudesPortal(cursor: string | undefined, signal?: AbortSignal) {
  return api.get('/api/portal/solicitudes', {
    query: { limit: MIS_SOLICITUDES_PAGE_SIZE, cursor },
    schema: solicitudesPage,
    signal,
  });
}

export function listarSolicitudesPortalQueryOptions(cursor: string | undefined) {
  return queryOptions({
    queryKey: [...misSolicitudesQueryKey, 'list', cursor ?? null],
    queryFn: ({ signal }) => listarSolicitudesPortal(cursor, signal),
    placeholderData: keepPreviousData,
  });
}

export function useListarSolicitudesPortal(cursor: string | undefined) {
  return useQuery(listarSolicitudesPortalQueryOptions(cursor));
}
