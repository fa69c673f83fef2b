import { defineRoute } from '#commons/http';
import { rutaListarClientes } from './routes';
import { listarClientes } from './service';

export const handler = defineRoute(rutaListarClientes, async ({ query }) => listarClientes(query));
