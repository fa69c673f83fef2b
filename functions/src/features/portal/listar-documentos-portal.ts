import { defineRoute } from '#commons/http';
import { clientePropio } from './cliente-propio';
import { documentosPortal } from './store';

export const handler = defineRoute('listar-documentos-portal', async ({ caller, query }) =>
  documentosPortal(await clientePropio(caller), query),
);
