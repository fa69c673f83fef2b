import { defineRoute } from '#commons/http';
import { rutaListarNotificaciones } from './routes';
import { listarNotificaciones } from './store';

export const handler = defineRoute(rutaListarNotificaciones, async ({ caller, query }) =>
  listarNotificaciones(caller.userId, query),
);
