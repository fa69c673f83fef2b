import { defineRoute } from '#commons/http';
import { getCreditoOrThrow, listCuotas } from '#features/creditos/index';
import { clientePropio } from '#features/clientes/index';

export const handler = defineRoute('listar-cuotas-portal', async ({ caller, params, query }) => {
  await getCreditoOrThrow(params.id, await clientePropio(caller));
  return listCuotas(params.id, query);
});
