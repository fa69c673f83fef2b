import { defineRoute } from '#commons/http';
import { rutaListarSolicitudesCliente } from './routes';
import { getClienteOrThrow, listChildren } from './store';

export const handler = defineRoute(rutaListarSolicitudesCliente, async ({ params, query }) => {
  await getClienteOrThrow(params.id);
  return listChildren(params.id, 'SOLICITUD#', query);
});
