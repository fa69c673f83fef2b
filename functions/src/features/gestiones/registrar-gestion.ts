import { claveIdempotencia } from '#commons/idempotencia';
import { defineRoute } from '#commons/http';
import { rutaRegistrarGestion } from './routes';
import { registrarGestion } from './service';

/** POST /api/creditos/{id}/gestiones: one contact with the customer, recorded and audited (201); optional Idempotency-Key. */
export const handler = defineRoute(rutaRegistrarGestion, async ({ params, body, caller, headers }) =>
  registrarGestion({ creditoId: params.id, datos: body, caller, clave: claveIdempotencia(headers) }),
);
