import { defineRoute } from '#commons/http';
import { rutaListarPagosCredito } from './routes';
import { obtenerCreditoExistente } from './service';
import { listarPagosCredito } from './store';

export const handler = defineRoute(rutaListarPagosCredito, async ({ params, query }) => {
  await obtenerCreditoExistente(params.id);
  return listarPagosCredito(params.id, query);
});
