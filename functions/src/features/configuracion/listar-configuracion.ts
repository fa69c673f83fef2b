import { defineRoute } from '#commons/http';
import { rutaListarConfiguracion } from './routes';
import { listConfiguracion } from './store';

export const handler = defineRoute(rutaListarConfiguracion, async ({ caller }) => ({
  items: await listConfiguracion(caller.roles.includes('admin')),
  nextCursor: null,
}));
