import { defineRoute } from '#commons/http';
import { listProductosActivos } from './store';

export const handler = defineRoute('listar-productos-activos', async ({ query }) => listProductosActivos(query));
