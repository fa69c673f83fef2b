import { defineRoute } from '#commons/http';
import { rutaListarReestructuraciones } from './routes';
import { listarReestructuracionesCredito } from './service';

/** GET /api/creditos/{id}/reestructuraciones: the credit's restructurings and proposals. */
export const handler = defineRoute(rutaListarReestructuraciones, async ({ params }) => ({
  items: await listarReestructuracionesCredito(params.id),
}));
