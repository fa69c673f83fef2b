import { defineRoute } from '#commons/http';
import { rutaVistaPreviaReestructuracion } from './routes';
import { vistaPreviaReestructuracion } from './service';

/** POST /api/creditos/{id}/reestructurar/vista-previa: the new schedule, nothing written. */
export const handler = defineRoute(rutaVistaPreviaReestructuracion, async ({ params, body }) =>
  vistaPreviaReestructuracion(params.id, body),
);
