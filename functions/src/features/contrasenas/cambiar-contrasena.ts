import { defineRoute } from '#commons/http';
import { rutaCambiarContrasena } from './routes';
import { cambiarContrasena } from './store';

export const handler = defineRoute(rutaCambiarContrasena, async ({ body, caller }) => cambiarContrasena(caller, body));
