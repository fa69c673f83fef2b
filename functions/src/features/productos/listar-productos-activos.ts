import { defineRoute } from '#commons/http';
import { rutaListarProductosActivos } from './routes';
import { listarProductosActivos } from './store';

export const handler = defineRoute(rutaListarProductosActivos, async ({ query }) => listarProductosActivos(query));
