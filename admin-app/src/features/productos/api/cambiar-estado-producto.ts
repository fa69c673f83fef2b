import { productoDetalleSchema } from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productosQueryKey } from './listar-productos';

/** PATCH /api/productos/{id} { activo } (admin). */
export function cambiarEstadoProducto({ id, activo }: { id: string; activo: boolean }) {
  return api.patch(`/api/productos/${encodeURIComponent(id)}`, { activo }, { schema: productoDetalleSchema });
}

export function useCambiarEstadoProducto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cambiarEstadoProducto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productosQueryKey }),
  });
}
