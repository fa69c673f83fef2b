import { defineRoute } from '#commons/http';
import { rutaListarUsuarios } from './routes';
import { listarUsuarios } from './store';

export const handler = defineRoute(rutaListarUsuarios, async ({ query }) => listarUsuarios(query));
