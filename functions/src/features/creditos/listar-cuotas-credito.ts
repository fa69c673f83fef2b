import { defineRoute } from '#commons/http';
import { rutaListarCuotasCredito } from './routes';
import { obtenerCreditoExistente } from './service';
import { listarCuotas } from './store';

export const handler = defineRoute(rutaListarCuotasCredito, async ({ params, query }) => {
  await obtenerCreditoExistente(params.id);
  return listarCuotas(params.id, query);
});
