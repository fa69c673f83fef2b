import { created, defineRoute } from '#commons/http';
import { rutaCrearUsuario } from './routes';
import { crearUsuario } from './store';

export const handler = defineRoute(rutaCrearUsuario, async ({ body, caller }) => created(await crearUsuario(body, caller)));
