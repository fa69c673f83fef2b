import { defineRoute } from '#commons/http';
import { rutaListarPagosPortal } from './portal-routes';
import { clientePropio } from '#features/clientes/index';
import { listarPagosCliente } from './service';

export const handler = defineRoute(rutaListarPagosPortal, async ({ query, caller }) =>
  listarPagosCliente(await clientePropio(caller), query),
);
