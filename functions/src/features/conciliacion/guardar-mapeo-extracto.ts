import { defineRoute } from '#commons/http';
import { rutaGuardarMapeoExtracto } from './routes';
import { guardarMapeo } from './service';

export const handler = defineRoute(rutaGuardarMapeoExtracto, async ({ params, body, caller }) =>
  guardarMapeo(params.banco, body, caller),
);
