import { defineRoute } from '#commons/http';
import { rutaActualizarMetodoPago } from './routes';
import { setMetodoPagoActivo } from './store';

export const handler = defineRoute(rutaActualizarMetodoPago, async ({ params, body, caller }) =>
  setMetodoPagoActivo(params.id, body.activo, caller),
);
