import { defineRoute } from '#commons/http';
import { rutaRechazarReestructuracion } from './routes';
import { rechazarReestructuracion } from './service';

/** POST /api/creditos/{id}/reestructuraciones/rechazar: an admin rejects a proposal, with a motivo. */
export const handler = defineRoute(rutaRechazarReestructuracion, async ({ params, body, caller }) =>
  rechazarReestructuracion({ creditoId: params.id, id: body.reestructuracion_id, motivo: body.motivo, caller }),
);
