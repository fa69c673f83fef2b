import { defineRoute } from '#commons/http';
import { rutaActualizarMetodoPago } from './routes';
import { cambiarEstadoMetodoPago } from './store';

export const handler = defineRoute(rutaActualizarMetodoPago, async ({ params, body, caller }) =>
  cambiarEstadoMetodoPago(params.id, body.activo, caller),
);
