import { actorDe } from '#commons/auth';
import { defineRoute } from '#commons/http';
import { rutaActualizarCliente } from './routes';
import { updateCliente } from './store';

export const handler = defineRoute(rutaActualizarCliente, async ({ params, body, caller }) =>
  updateCliente(params.id, body, actorDe(caller)),
);
