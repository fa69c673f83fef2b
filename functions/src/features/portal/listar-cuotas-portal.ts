import { defineRoute } from '#commons/http';
import { rutaListarCuotasPortal } from './routes';
import { getCreditoOrThrow, listCuotas } from '#features/creditos/index';
import { clientePropio } from '#features/clientes/index';

export const handler = defineRoute(rutaListarCuotasPortal, async ({ caller, params, query }) => {
  await getCreditoOrThrow(params.id, await clientePropio(caller));
  return listCuotas(params.id, query);
});
