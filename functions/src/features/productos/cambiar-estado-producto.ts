import { defineRoute } from '#commons/http';
import { rutaCambiarEstadoProducto } from './routes';
import { cambiarEstadoProducto } from './store';

export const handler = defineRoute(rutaCambiarEstadoProducto, async ({ params, body, caller }) =>
  cambiarEstadoProducto(params.id, body.activo, caller),
);
