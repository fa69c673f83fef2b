import { defineRoute } from '#commons/http';
import { rutaListarCampanas } from './routes';
import { listarCampanas } from './store';

export const handler = defineRoute(rutaListarCampanas, async ({ query }) => listarCampanas(query));
