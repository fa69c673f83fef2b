import { defineRoute } from '#commons/http';
import { listClientes } from './store';

export const handler = defineRoute('listar-clientes', async ({ query }) => listClientes(query));
