import { defineRoute } from '#commons/http';
import { rutaBuscar } from './routes';
import { buscar } from './service';

export const handler = defineRoute(rutaBuscar, async ({ query }) => buscar(query.q, query.limit));
