import { defineRoute } from '#commons/http';
import { rutaConfirmarLineasExtracto } from './routes';
import { confirmarLineas } from './service';

export const handler = defineRoute(rutaConfirmarLineasExtracto, async ({ params, body, caller }) =>
  confirmarLineas(params.id, body.lineas, caller),
);
