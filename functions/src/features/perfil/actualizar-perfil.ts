import { defineRoute } from '#commons/http';
import { rutaActualizarPerfil } from './routes';
import { actualizarPerfilPropio } from './store';

export const handler = defineRoute(rutaActualizarPerfil, async ({ body, caller }) => actualizarPerfilPropio(caller, body));
