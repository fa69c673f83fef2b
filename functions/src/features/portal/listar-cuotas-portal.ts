import { defineRoute } from '#commons/http';
import { getCreditoOrThrow, listCuotas } from '../creditos/store';
import { clientePropio } from './cliente-propio';

export const handler = defineRoute('listar-cuotas-portal', async ({ caller, params, query }) => {
  await getCreditoOrThrow(params.id, await clientePropio(caller));
  return listCuotas(params.id, query);
});
