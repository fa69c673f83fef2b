import { defineRoute } from '#commons/http';
import { rutaMarcarNotificacionLeida } from './routes';
import { marcarLeida } from './store';

export const handler = defineRoute(rutaMarcarNotificacionLeida, async ({ caller, params }) =>
  marcarLeida(caller.userId, params.id),
);
