import { created, defineRoute } from '#commons/http';
import { rutaCrearUsuario } from './routes';
import { createUsuario } from './store';

export const handler = defineRoute(rutaCrearUsuario, async ({ body, caller }) => created(await createUsuario(body, caller)));
