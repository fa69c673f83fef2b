import { defineRoute } from '#commons/http';
import { rutaRechazarPago } from './routes';
import { rechazarPago } from './service';

export const handler = defineRoute(rutaRechazarPago, async ({ params, body, caller }) =>
  rechazarPago(params.id, body.motivo ?? null, caller),
);
