import { defineRoute } from '#commons/http';
import { setMetodoPagoActivo } from './store';

export const handler = defineRoute('actualizar-metodo-pago', async ({ params, body, caller }) =>
  setMetodoPagoActivo(params.id, body.activo, caller),
);
