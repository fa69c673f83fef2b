import { created, defineRoute } from '#commons/http';
import { rutaCrearProducto } from './routes';
import { crearProducto } from './store';

export const handler = defineRoute(rutaCrearProducto, async ({ body, caller }) => created(await crearProducto(body, caller)));
