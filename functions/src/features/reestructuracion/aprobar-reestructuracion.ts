import { claveIdempotencia } from '#commons/idempotencia';
import { defineRoute, Reply } from '#commons/http';
import { rutaAprobarReestructuracion } from './routes';
import { aprobarReestructuracion } from './service';

/** POST /api/creditos/{id}/reestructuraciones/aprobar: an admin confirms an analista's proposal. */
export const handler = defineRoute(rutaAprobarReestructuracion, async ({ params, body, caller, headers }) => {
  const { reestructuracion, repetida } = await aprobarReestructuracion({
    creditoId: params.id,
    id: body.reestructuracion_id,
    caller,
    clave: claveIdempotencia(headers),
  });
  return new Reply(200, reestructuracion, repetida ? { 'idempotent-replayed': 'true' } : {});
});
