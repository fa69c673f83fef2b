import { defineRoute } from '#commons/http';
import { rutaListarMetodosPago } from './routes';
import { listMetodosPago } from './store';

export const handler = defineRoute(rutaListarMetodosPago, async ({ caller }) => ({
  items: await listMetodosPago(caller.isStaff),
  nextCursor: null,
}));
