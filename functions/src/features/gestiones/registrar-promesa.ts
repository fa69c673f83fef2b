import { defineRoute } from '#commons/http';
import { rutaRegistrarPromesa } from './routes';
import { registrarPromesa } from './service';

/** POST /api/creditos/{id}/promesas: a payment promise (201); it replaces the open one and the customer is notified. */
export const handler = defineRoute(rutaRegistrarPromesa, async ({ params, body, caller }) =>
  registrarPromesa({ creditoId: params.id, datos: body, caller }),
);
