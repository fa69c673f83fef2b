import { actorDe } from '#commons/auth';
import { defineRoute } from '#commons/http';
import { updateCliente } from './store';

export const handler = defineRoute('actualizar-cliente', async ({ params, body, caller }) =>
  updateCliente(params.id, body, actorDe(caller)),
);
