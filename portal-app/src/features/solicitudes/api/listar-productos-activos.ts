import { page } from '@cuota/shared/schemas/common';
import { productoDetalleSchema } from '@cuota/shared/schemas/productos';
import { api } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';

const productosPage = page(productoDetalleSchema);

/**
 * GET /api/productos/activos: the active products by name, with the rate and amortization
 * method the schedule preview needs (the same ones the server uses on approval).
 */
export function listarProductosActivos(signal?: AbortSignal) {
  return api.get('/api/productos/activos', { query: { limit: 100 }, schema: productosPage, signal });
}

export function listarProductosActivosQueryOptions() {
  return queryOptions({
    queryKey: ['portal', 'productos', 'activos'],
    queryFn: ({ signal }) => listarProductosActivos(signal),
    staleTime: 60_000,
  });
}

export function useListarProductosActivos() {
  return useQuery(listarProductosActivosQueryOptions());
}
