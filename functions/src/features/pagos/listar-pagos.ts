import { defineRoute } from '#commons/http';
import { listarPagos } from './store';

export const handler = defineRoute('listar-pagos', async ({ query }) => listarPagos(query));
