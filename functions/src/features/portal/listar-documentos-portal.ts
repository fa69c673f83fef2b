import { defineRoute } from '#commons/http';
import { rutaListarDocumentosPortal } from './routes';
import { clientePropio } from '#features/clientes/index';
import { listarDocumentosPortal } from './service';

export const handler = defineRoute(rutaListarDocumentosPortal, async ({ caller, query }) =>
  listarDocumentosPortal(await clientePropio(caller), query),
);
