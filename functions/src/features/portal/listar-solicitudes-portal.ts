import { defineRoute } from '#commons/http';
import { rutaListarSolicitudesPortal } from './routes';
import { clientePropio } from '#features/clientes/index';
import { listarSolicitudesPortal } from './service';

export const handler = defineRoute(rutaListarSolicitudesPortal, async ({ caller, query }) =>
  listarSolicitudesPortal(await clientePropio(caller), query),
);
