import { defineRoute } from '#commons/http';
import { rutaListarCuotasCredito } from './routes';
import { getCreditoOrThrow, listCuotas } from './store';

export const handler = defineRoute(rutaListarCuotasCredito, async ({ params, query }) => {
  await getCreditoOrThrow(params.id);
  return listCuotas(params.id, query);
});
