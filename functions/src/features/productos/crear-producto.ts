import { created, defineRoute } from '#commons/http';
import { rutaCrearProducto } from './routes';
import { createProducto } from './store';

export const handler = defineRoute(rutaCrearProducto, async ({ body, caller }) => created(await createProducto(body, caller)));
