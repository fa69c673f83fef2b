import { defineRoute } from '#commons/http';
import { rutaActualizarProducto } from './routes';
import { actualizarProducto } from './store';

export const handler = defineRoute(rutaActualizarProducto, async ({ params, body, caller }) =>
  actualizarProducto(params.id, body, caller),
);
