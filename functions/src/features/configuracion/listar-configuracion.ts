import { defineRoute } from '#commons/http';
import { rutaListarConfiguracion } from './routes';
import { listarConfiguracion } from './store';

export const handler = defineRoute(rutaListarConfiguracion, async ({ caller }) => ({
  items: await listarConfiguracion(caller.roles.includes('admin')),
  nextCursor: null,
}));
