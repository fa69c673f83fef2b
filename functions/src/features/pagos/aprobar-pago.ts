import { defineRoute } from '#commons/http';
import { aprobarPago } from './store';

export const handler = defineRoute('aprobar-pago', async ({ params, caller }) => aprobarPago(params.id, caller));
