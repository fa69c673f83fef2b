import { defineRoute } from '#commons/http';
import { rutaActualizarProducto } from './routes';
import { updateProducto } from './store';

export const handler = defineRoute(rutaActualizarProducto, async ({ params, body, caller }) =>
  updateProducto(params.id, body, caller),
);
