import { defineRoute } from '#commons/http';
import { rutaListarCreditosPortal } from './routes';
import { clientePropio } from '#features/clientes/index';
import { listarCreditosPortal } from './service';

/** GET /api/portal/creditos: a page of the caller's own credits, each with what it owes today. */
export const handler = defineRoute(rutaListarCreditosPortal, async ({ caller, query }) =>
  listarCreditosPortal(await clientePropio(caller), query),
);
