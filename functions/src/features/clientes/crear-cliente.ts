import { actorDe } from '#commons/auth';
import { created, defineRoute } from '#commons/http';
import { rutaCrearCliente } from './routes';
import { createCliente } from './store';

export const handler = defineRoute(rutaCrearCliente, async ({ body, caller }) =>
  created(await createCliente({ ...body, user_id: null }, new Date(), actorDe(caller))),
);
