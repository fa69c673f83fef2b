import { created, defineRoute } from '#commons/http';
import { createCliente } from './store';

export const handler = defineRoute('crear-cliente', async ({ body }) =>
  created(await createCliente({ ...body, user_id: null })),
);
