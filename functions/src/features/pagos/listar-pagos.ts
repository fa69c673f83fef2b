import { defineRoute } from '#commons/http';
import { rutaListarPagos } from './routes';
import { listarPagos } from './service';

export const handler = defineRoute(rutaListarPagos, async ({ query }) => listarPagos(query));
