import { defineRoute } from '#commons/http';
import { listChildren } from '../clientes/store';
import { toCredito } from '../creditos/store';
import { clientePropio } from './cliente-propio';

export const handler = defineRoute('listar-creditos-portal', async ({ caller, query }) => {
  const page = await listChildren<Record<string, unknown>>(await clientePropio(caller), 'CREDITO#', query);
  return { items: page.items.map(toCredito), nextCursor: page.nextCursor };
});
