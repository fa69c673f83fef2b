import { defineRoute } from '#commons/http';
import { rutaListarClientes } from './routes';
import { listClientes } from './store';

export const handler = defineRoute(rutaListarClientes, async ({ query }) => listClientes(query));
