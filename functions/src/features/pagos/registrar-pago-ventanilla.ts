import { claveIdempotencia } from '#commons/idempotencia';
import { defineRoute, Reply } from '#commons/http';
import { rutaRegistrarPagoVentanilla } from './routes';
import { registrarPagoVentanilla } from './ventanilla';

/** POST /api/creditos/{id}/pagos: a payment received at the counter, applied at once, with its receipt. */
export const handler = defineRoute(rutaRegistrarPagoVentanilla, async ({ params, body, caller, headers }) => {
  const { pago, repetida } = await registrarPagoVentanilla({
    creditoId: params.id,
    datos: body,
    caller,
    clave: claveIdempotencia(headers),
  });
  return new Reply(201, pago, repetida ? { 'idempotent-replayed': 'true' } : {});
});
