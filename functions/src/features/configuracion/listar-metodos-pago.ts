import { defineRoute } from '#commons/http';
import { rutaListarMetodosPago } from './routes';
import { listarMetodosPago } from './store';

export const handler = defineRoute(rutaListarMetodosPago, async ({ caller }) => ({
  items: await listarMetodosPago(caller.isStaff),
  nextCursor: null,
}));
