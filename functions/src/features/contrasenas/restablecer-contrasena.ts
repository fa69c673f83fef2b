import { defineRoute } from '#commons/http';
import { restablecerContrasena } from './store';

export const handler = defineRoute('restablecer-contrasena', async ({ body }) => restablecerContrasena(body));
