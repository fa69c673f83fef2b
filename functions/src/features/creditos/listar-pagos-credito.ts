import { defineRoute } from '#commons/http';
import { rutaListarPagosCredito } from './routes';
import { getCreditoOrThrow, listPagosCredito } from './store';

export const handler = defineRoute(rutaListarPagosCredito, async ({ params, query }) => {
  await getCreditoOrThrow(params.id);
  return listPagosCredito(params.id, query);
});
