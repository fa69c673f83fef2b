import { defineRoute } from '#commons/http';
import { rutaRestablecerContrasenaUsuario } from './routes';
import { resetPassword } from './store';

export const handler = defineRoute(rutaRestablecerContrasenaUsuario, async ({ params, caller }) =>
  resetPassword(params.id, caller),
);
