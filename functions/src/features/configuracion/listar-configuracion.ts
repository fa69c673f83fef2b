import { defineRoute } from '#commons/http';
import { listConfiguracion } from './store';

export const handler = defineRoute('listar-configuracion', async ({ caller }) => ({
  items: await listConfiguracion(caller.roles.includes('admin')),
  nextCursor: null,
}));
