import { defineRoute } from '#commons/http';
import { rutaListarCreditos } from './routes';
import { listCreditos } from './store';

export const handler = defineRoute(rutaListarCreditos, async ({ query }) => listCreditos(query));
