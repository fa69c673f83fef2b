import { defineRoute } from '#commons/http';
import { rutaListarExtractos } from './routes';
import { listarExtractos } from './service';

export const handler = defineRoute(rutaListarExtractos, async ({ query }) => listarExtractos(query));
