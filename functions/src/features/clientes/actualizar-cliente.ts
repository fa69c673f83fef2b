import { actorDe } from '#commons/auth';
import { defineRoute } from '#commons/http';
import { rutaActualizarCliente } from './routes';
import { actualizarCliente } from './service';

export const handler = defineRoute(rutaActualizarCliente, async ({ params, body, caller }) =>
  actualizarCliente(params.id, body, actorDe(caller)),
);
