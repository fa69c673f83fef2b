import { defineRoute } from '#commons/http';
import { rutaListarPagosCliente } from './routes';
import { getClienteOrThrow, listChildren } from './store';

export const handler = defineRoute(rutaListarPagosCliente, async ({ params, query }) => {
  await getClienteOrThrow(params.id);
  return listChildren(params.id, 'PAGO#', query);
});
