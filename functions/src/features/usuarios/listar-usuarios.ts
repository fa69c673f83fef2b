import { defineRoute } from '#commons/http';
import { rutaListarUsuarios } from './routes';
import { listUsuarios } from './store';

export const handler = defineRoute(rutaListarUsuarios, async ({ query }) => listUsuarios(query));
