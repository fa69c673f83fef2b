import { claveIdempotencia } from '#commons/idempotencia';
import { defineRoute, Reply } from '#commons/http';
import { castigarCredito } from './castigo';
import { rutaCastigarCredito } from './castigo-routes';

/** POST /api/creditos/{id}/castigar: an admin writes off a credit in arrears, with a motivo. */
export const handler = defineRoute(rutaCastigarCredito, async ({ params, body, caller, headers }) => {
  const { castigo, repetida } = await castigarCredito({
    creditoId: params.id,
    motivo: body.motivo,
    caller,
    clave: claveIdempotencia(headers),
  });
  return new Reply(200, castigo, repetida ? { 'idempotent-replayed': 'true' } : {});
});
