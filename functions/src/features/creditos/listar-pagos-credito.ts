import { defineRoute } from '#commons/http';
import { getCreditoOrThrow, listPagosCredito } from './store';

export const handler = defineRoute('listar-pagos-credito', async ({ params, query }) => {
  await getCreditoOrThrow(params.id);
  return listPagosCredito(params.id, query);
});
