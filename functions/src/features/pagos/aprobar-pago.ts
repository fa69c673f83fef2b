import { defineRoute } from '#commons/http';
import { rutaAprobarPago } from './routes';
import { aprobarPago } from './service';

export const handler = defineRoute(rutaAprobarPago, async ({ params, body, caller }) =>
  aprobarPago(params.id, caller, { fechaValor: body.fecha_valor }),
);
