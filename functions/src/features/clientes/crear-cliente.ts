import { actorDe } from '#commons/auth';
import { created, defineRoute } from '#commons/http';
import { createCliente } from './store';

export const handler = defineRoute('crear-cliente', async ({ body, caller }) =>
  created(await createCliente({ ...body, user_id: null }, new Date(), actorDe(caller))),
);
