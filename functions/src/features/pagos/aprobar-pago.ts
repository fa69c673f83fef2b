import { defineRoute } from '#commons/http';
import { aprobarPago } from './store';

export const handler = defineRoute('aprobar-pago', async ({ params, body, caller }) =>
  aprobarPago(params.id, caller, { fechaValor: body.fecha_valor }),
);
