import { claveIdempotencia } from '#commons/idempotencia';
import { defineRoute, Reply } from '#commons/http';
import { rutaRevertirPago } from './routes';
import { revertirPago } from './ventanilla';

/** POST /api/pagos/{id}/revertir: an admin undoes an applied payment, with a motivo. */
export const handler = defineRoute(rutaRevertirPago, async ({ params, body, caller, headers }) => {
  const { pago, repetida } = await revertirPago({
    id: params.id,
    motivo: body.motivo,
    caller,
    clave: claveIdempotencia(headers),
  });
  return new Reply(200, pago, repetida ? { 'idempotent-replayed': 'true' } : {});
});
