import { page, pagoDetalleSchema, type PAGOS_FILTROS } from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export type FiltroPagos = (typeof PAGOS_FILTROS)[number];
export const PAGOS_PAGE_SIZE = 25;
const pagosPage = page(pagoDetalleSchema);

/** GET /api/pagos?estado=registrado|procesados&limit=&cursor= → { items, nextCursor } */
export function listarPagos(estado: FiltroPagos, cursor: string | undefined, signal?: AbortSignal) {
  return api.get('/api/pagos', { query: { estado, limit: PAGOS_PAGE_SIZE, cursor }, schema: pagosPage, signal });
}

export const pagosQueryKey = ['conciliacion'] as const;

export function listarPagosQueryOptions(estado: FiltroPagos, cursor: string | undefined) {
  return queryOptions({
    queryKey: [...pagosQueryKey, 'list', { estado, cursor }],
    queryFn: ({ signal }) => listarPagos(estado, cursor, signal),
    placeholderData: keepPreviousData,
  });
}

export function useListarPagos(estado: FiltroPagos, cursor: string | undefined) {
  return useQuery(listarPagosQueryOptions(estado, cursor));
}
