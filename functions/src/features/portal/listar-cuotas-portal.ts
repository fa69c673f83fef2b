import { defineRoute } from '#commons/http';
import { rutaListarCuotasPortal } from './routes';
import { obtenerCreditoExistente, listarCuotas } from '#features/creditos/index';
import { clientePropio } from '#features/clientes/index';

export const handler = defineRoute(rutaListarCuotasPortal, async ({ caller, params, query }) => {
  await obtenerCreditoExistente(params.id, await clientePropio(caller));
  return listarCuotas(params.id, query);
});
