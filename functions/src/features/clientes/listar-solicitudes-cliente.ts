import { defineRoute } from '#commons/http';
import { rutaListarSolicitudesCliente } from './routes';
import { listarSolicitudesCliente } from './service';

export const handler = defineRoute(rutaListarSolicitudesCliente, async ({ params, query }) =>
  listarSolicitudesCliente(params.id, query),
);
