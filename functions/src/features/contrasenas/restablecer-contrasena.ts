import { defineRoute } from '#commons/http';
import { rutaRestablecerContrasena } from './routes';
import { restablecerContrasena } from './store';

export const handler = defineRoute(rutaRestablecerContrasena, async ({ body }) => restablecerContrasena(body));
