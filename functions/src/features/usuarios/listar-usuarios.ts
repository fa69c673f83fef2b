import { defineRoute } from '#commons/http';
import { listUsuarios } from './store';

export const handler = defineRoute('listar-usuarios', async ({ query }) => listUsuarios(query));
