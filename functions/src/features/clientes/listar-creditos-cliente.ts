import { defineRoute } from '#commons/http';
import { rutaListarCreditosCliente } from './routes';
import { getClienteOrThrow, listChildren } from './store';

export const handler = defineRoute(rutaListarCreditosCliente, async ({ params, query }) => {
  await getClienteOrThrow(params.id);
  return listChildren(params.id, 'CREDITO#', query);
});
