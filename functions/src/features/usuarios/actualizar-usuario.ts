import { defineRoute } from '#commons/http';
import { rutaActualizarUsuario } from './routes';
import { actualizarUsuario } from './store';

export const handler = defineRoute(rutaActualizarUsuario, async ({ params, body, caller }) =>
  actualizarUsuario(params.id, body, caller),
);
