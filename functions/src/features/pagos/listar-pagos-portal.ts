import { defineRoute } from '#commons/http';
import { clientePropio } from '#features/clientes/index';
import { listarPagosCliente } from './store';

export const handler = defineRoute('listar-pagos-portal', async ({ query, caller }) =>
  listarPagosCliente(await clientePropio(caller), query),
);
