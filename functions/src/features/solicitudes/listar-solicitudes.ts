import { defineRoute } from '#commons/http';
import { rutaListarSolicitudes } from './routes';
import { listarSolicitudes } from './store';

export const handler = defineRoute(rutaListarSolicitudes, async ({ query }) => listarSolicitudes(query));
