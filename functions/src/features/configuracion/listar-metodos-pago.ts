import { defineRoute } from '#commons/http';
import { listMetodosPago } from './store';

export const handler = defineRoute('listar-metodos-pago', async ({ caller }) => ({
  items: await listMetodosPago(caller.isStaff),
  nextCursor: null,
}));
