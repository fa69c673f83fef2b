import { defineRoute } from '#commons/http';
import { rutaListarProductos } from './routes';
import { listProductos, listProductosActivos } from './store';

export const handler = defineRoute(rutaListarProductos, async ({ query }) =>
  query.activos === 'true' ? listProductosActivos(query) : listProductos(query),
);
