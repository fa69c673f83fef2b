import { defineRoute } from '#commons/http';
import { rutaListarActividad } from './routes';
import { listarActividad } from './store';

export const handler = defineRoute(rutaListarActividad, async ({ query }) => listarActividad(query));
