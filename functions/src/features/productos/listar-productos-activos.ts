import { defineRoute } from '#commons/http';
import { rutaListarProductosActivos } from './routes';
import { listProductosActivos } from './store';

export const handler = defineRoute(rutaListarProductosActivos, async ({ query }) => listProductosActivos(query));
