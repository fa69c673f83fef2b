import { defineRoute } from '#commons/http';
import { rutaListarGestiones } from './routes';
import { listarGestiones } from './service';

/** GET /api/creditos/{id}/gestiones: the credit's contact log, newest first. */
export const handler = defineRoute(rutaListarGestiones, async ({ params, query }) => listarGestiones(params.id, query));
