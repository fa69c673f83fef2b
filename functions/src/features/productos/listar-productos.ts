import { defineRoute } from '#commons/http';
import { rutaListarProductos } from './routes';
import { listarProductos, listarProductosActivos } from './store';

export const handler = defineRoute(rutaListarProductos, async ({ query }) =>
  query.activos === 'true' ? listarProductosActivos(query) : listarProductos(query),
);
