import { defineRoute } from '#commons/http';
import { clientePropio } from '#features/clientes/index';
import { documentosPortal } from './store';

export const handler = defineRoute('listar-documentos-portal', async ({ caller, query }) =>
  documentosPortal(await clientePropio(caller), query),
);
