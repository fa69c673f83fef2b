import { defineRoute } from '#commons/http';
import { rutaCambiarEstadoProducto } from './routes';
import { setProductoActivo } from './store';

export const handler = defineRoute(rutaCambiarEstadoProducto, async ({ params, body, caller }) =>
  setProductoActivo(params.id, body.activo, caller),
);
