import { defineRoute } from '#commons/http';
import { getCreditoOrThrow, listCuotas } from './store';

export const handler = defineRoute('listar-cuotas-credito', async ({ params, query }) => {
  await getCreditoOrThrow(params.id);
  return listCuotas(params.id, query);
});
