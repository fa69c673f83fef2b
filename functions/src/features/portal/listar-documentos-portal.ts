import { defineRoute } from '#commons/http';
import { rutaListarDocumentosPortal } from './routes';
import { clientePropio } from '#features/clientes/index';
import { documentosPortal } from './store';

export const handler = defineRoute(rutaListarDocumentosPortal, async ({ caller, query }) =>
  documentosPortal(await clientePropio(caller), query),
);
