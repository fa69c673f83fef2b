import { defineRoute } from '#commons/http';
import { rutaActualizarUsuario } from './routes';
import { updateUsuario } from './store';

export const handler = defineRoute(rutaActualizarUsuario, async ({ params, body, caller }) =>
  updateUsuario(params.id, body, caller),
);
