import { defineRoute } from '#commons/http';
import { rutaListarSolicitudes } from './routes';
import { listSolicitudes } from './store';

export const handler = defineRoute(rutaListarSolicitudes, async ({ query }) => listSolicitudes(query));
