import { defineRoute } from '#commons/http';
import { getClienteOrThrow, listChildren } from './store';

export const handler = defineRoute('listar-solicitudes-cliente', async ({ params, query }) => {
  await getClienteOrThrow(params.id);
  return listChildren(params.id, 'SOLICITUD#', query);
});
