import { defineRoute } from '#commons/http';
import { rutaListarPromesas } from './routes';
import { listarPromesas } from './service';

/** GET /api/creditos/{id}/promesas: the credit's payment promises, newest first. */
export const handler = defineRoute(rutaListarPromesas, async ({ params, query }) => listarPromesas(params.id, query));
