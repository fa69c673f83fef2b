import { page } from '@cuota/shared/schemas/common';
import { productoSchema } from '@cuota/shared/schemas/lending';
import { api } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';

const productosPage = page(productoSchema);

/** GET /api/productos/activos: the active products, by name, for the solicitud form. */
export function listarProductosActivos(signal?: AbortSignal) {
  return api.get('/api/productos/activos', { query: { limit: 100 }, schema: productosPage, signal });
}

export function listarProductosActivosQueryOptions() {
  return queryOptions({
    queryKey: ['productos', 'activos'],
    queryFn: ({ signal }) => listarProductosActivos(signal),
    staleTime: 60_000,
  });
}

export function useListarProductosActivos() {
  return useQuery(listarProductosActivosQueryOptions());
}
