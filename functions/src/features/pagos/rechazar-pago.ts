import { defineRoute } from '#commons/http';
import { rechazarPago } from './store';

export const handler = defineRoute('rechazar-pago', async ({ params, body, caller }) =>
  rechazarPago(params.id, body.motivo ?? null, caller),
);
