import { page } from '@cuota/shared/schemas/common';
import { pagoDetalleSchema, type PAGOS_FILTROS } from '@cuota/shared/schemas/pagos';
import { api, opcionesDePagina } from '@cuota/shared/web';
import { useQuery } from '@tanstack/react-query';

export type FiltroPagos = (typeof PAGOS_FILTROS)[number];
export const PAGOS_PAGE_SIZE = 25;
const pagosPage = page(pagoDetalleSchema);

/** GET /api/pagos?estado=registrado|procesados&limit=&cursor= → { items, nextCursor } */
export function listarPagos(estado: FiltroPagos, cursor: string | undefined, signal?: AbortSignal) {
  return api.get('/api/pagos', { query: { estado, limit: PAGOS_PAGE_SIZE, cursor }, schema: pagosPage, signal });
}

export const pagosQueryKey = ['conciliacion'] as const;

export function listarPagosQueryOptions(estado: FiltroPagos, cursor: string | undefined) {
  return opcionesDePagina([...pagosQueryKey, 'list', { estado, cursor }], (signal) => listarPagos(estado, cursor, signal));
}

export function useListarPagos(estado: FiltroPagos, cursor: string | undefined) {
  return useQuery(listarPagosQueryOptions(estado, cursor));
}
