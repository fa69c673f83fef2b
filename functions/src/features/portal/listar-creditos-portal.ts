import { defineRoute } from '#commons/http';
import { rutaListarCreditosPortal } from './routes';
import { deudasDe } from '#features/creditos/index';
import { clientePropio } from '#features/clientes/index';
import { leerCreditosPropios } from './store';

/** GET /api/portal/creditos: a page of the caller's own credits, each with what it owes today. */
export const handler = defineRoute(rutaListarCreditosPortal, async ({ caller, query }) => {
  const page = await leerCreditosPropios(await clientePropio(caller), query);
  const deudas = await deudasDe(page.items);
  return { items: page.items.map((c) => ({ ...c, deuda: deudas.get(c.id)! })), nextCursor: page.nextCursor };
});
