import { defineRoute } from '#commons/http';
import { rutaContarNotificacionesNoLeidas } from './routes';
import { contarNoLeidas } from './store';

export const handler = defineRoute(rutaContarNotificacionesNoLeidas, async ({ caller }) => ({
  count: await contarNoLeidas(caller.userId),
}));
