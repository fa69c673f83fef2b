import { defineRoute } from '#commons/http';
import { rutaListarCobranza } from './routes';
import { listarCobranza } from './service';

export const handler = defineRoute(rutaListarCobranza, async ({ query }) => listarCobranza(query));
