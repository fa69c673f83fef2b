import { defineRoute, Reply } from '#commons/http';
import { rutaAplicarLineaExtracto } from './routes';
import { aplicarLinea } from './service';

export const handler = defineRoute(
  rutaAplicarLineaExtracto,
  async ({ params, body, caller }) => new Reply(201, await aplicarLinea(params.id, Number(params.n), body, caller)),
);
