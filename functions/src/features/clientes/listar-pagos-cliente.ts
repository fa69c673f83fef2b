import { defineRoute } from '#commons/http';
import { rutaListarPagosCliente } from './routes';
import { listarPagosCliente } from './service';

export const handler = defineRoute(rutaListarPagosCliente, async ({ params, query }) => listarPagosCliente(params.id, query));
