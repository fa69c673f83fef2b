import { productoDetalleSchema } from '@cuota/shared/schemas/productos';
import { api, useMutacionQueRefresca } from '@cuota/shared/web';
import { productosQueryKey } from './listar-productos';

/** PATCH /api/productos/{id} { activo } (admin). */
export function cambiarEstadoProducto({ id, activo }: { id: string; activo: boolean }) {
  return api.patch(`/api/productos/${encodeURIComponent(id)}`, { activo }, { schema: productoDetalleSchema });
}

export function useCambiarEstadoProducto() {
  return useMutacionQueRefresca(cambiarEstadoProducto, productosQueryKey);
}
