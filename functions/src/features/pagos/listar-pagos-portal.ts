import { defineRoute } from '#commons/http';
import { clientePropio } from '../portal/cliente-propio';
import { listarPagosCliente } from './store';

export const handler = defineRoute('listar-pagos-portal', async ({ query, caller }) =>
  listarPagosCliente(await clientePropio(caller), query),
);
