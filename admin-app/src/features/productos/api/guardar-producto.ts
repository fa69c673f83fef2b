import { productoDetalleSchema, type ProductoCrear } from '@cuota/shared/schemas/productos';
import { api, useMutacionQueRefresca } from '@cuota/shared/web';
import { productosQueryKey } from './listar-productos';

/** POST /api/productos (admin) or PUT /api/productos/{id} (admin). The server validates again. */
export function guardarProducto({ id, input }: { id: string | undefined; input: ProductoCrear }) {
  return id
    ? api.put(`/api/productos/${encodeURIComponent(id)}`, input, { schema: productoDetalleSchema })
    : api.post('/api/productos', input, { schema: productoDetalleSchema });
}

export function useGuardarProducto() {
  return useMutacionQueRefresca(guardarProducto, productosQueryKey);
}
