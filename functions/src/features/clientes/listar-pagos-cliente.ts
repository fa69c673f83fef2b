import { defineRoute } from '#commons/http';
import { getClienteOrThrow, listChildren } from './store';

export const handler = defineRoute('listar-pagos-cliente', async ({ params, query }) => {
  await getClienteOrThrow(params.id);
  return listChildren(params.id, 'PAGO#', query);
});
