import { defineRoute } from '#commons/http';
import { rutaListarPagosPortal } from './portal-routes';
import { clientePropio } from '../portal/cliente-propio';
import { listarPagosCliente } from './store';

export const handler = defineRoute(rutaListarPagosPortal, async ({ query, caller }) =>
  listarPagosCliente(await clientePropio(caller), query),
);
