import { claveIdempotencia } from '#commons/idempotencia';
import { defineRoute, Reply } from '#commons/http';
import { rutaReestructurarCredito } from './routes';
import { reestructurarCredito } from './service';

/** POST /api/creditos/{id}/reestructurar: an admin restructures, an analista proposes. */
export const handler = defineRoute(rutaReestructurarCredito, async ({ params, body, caller, headers }) => {
  const { reestructuracion, repetida } = await reestructurarCredito({
    creditoId: params.id,
    parametros: body,
    caller,
    clave: claveIdempotencia(headers),
  });
  return new Reply(201, reestructuracion, repetida ? { 'idempotent-replayed': 'true' } : {});
});
