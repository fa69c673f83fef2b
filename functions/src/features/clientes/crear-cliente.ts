import { actorDe } from '#commons/auth';
import { created, defineRoute } from '#commons/http';
import { rutaCrearCliente } from './routes';
import { crearCliente } from './service';

export const handler = defineRoute(rutaCrearCliente, async ({ body, caller }) =>
  created(await crearCliente({ ...body, user_id: null }, new Date(), actorDe(caller))),
);
