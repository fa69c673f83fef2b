import { defineRoute } from '#commons/http';
import { listProductos, listProductosActivos } from './store';

export const handler = defineRoute('listar-productos', async ({ query }) =>
  query.activos === 'true' ? listProductosActivos(query) : listProductos(query),
);
