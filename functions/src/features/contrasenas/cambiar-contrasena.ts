import { defineRoute } from '#commons/http';
import { cambiarContrasena } from './store';

export const handler = defineRoute('cambiar-contrasena', async ({ body, caller }) => cambiarContrasena(caller, body));
