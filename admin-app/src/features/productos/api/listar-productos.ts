import { page } from '@cuota/shared/schemas/common';
import { productoDetalleSchema } from '@cuota/shared/schemas/productos';
import { api, opcionesDePagina } from '@cuota/shared/web';
import { useQuery } from '@tanstack/react-query';

export const PRODUCTOS_PAGE_SIZE = 25;
const productosPage = page(productoDetalleSchema);

/** GET /api/productos?limit=&cursor= → newest first, { items, nextCursor } */
export function listarProductos(cursor: string | undefined, signal?: AbortSignal) {
  return api.get('/api/productos', { query: { limit: PRODUCTOS_PAGE_SIZE, cursor }, schema: productosPage, signal });
}

export const productosQueryKey = ['productos', 'list'] as const;

export function listarProductosQueryOptions(cursor: string | undefined) {
  return opcionesDePagina([...productosQueryKey, { cursor }], (signal) => listarProductos(cursor, signal));
}

export function useListarProductos(cursor: string | undefined) {
  return useQuery(listarProductosQueryOptions(cursor));
}
