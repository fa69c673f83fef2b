import { defineRoute } from '#commons/http';
import { rutaListarCreditosPortal } from './routes';
import { listChildren } from '#features/clientes/index';
import { deudasDe, toCredito } from '#features/creditos/index';
import { clientePropio } from '#features/clientes/index';

/** GET /api/portal/creditos: a page of the caller's own credits, each with what it owes today. */
export const handler = defineRoute(rutaListarCreditosPortal, async ({ caller, query }) => {
  const page = await listChildren<Record<string, unknown>>(await clientePropio(caller), 'CREDITO#', query);
  const creditos = page.items.map(toCredito);
  const deudas = await deudasDe(creditos);
  return { items: creditos.map((c) => ({ ...c, deuda: deudas.get(c.id)! })), nextCursor: page.nextCursor };
});
