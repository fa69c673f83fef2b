import { defineRoute } from '#commons/http';
import { rutaListarCreditos } from './routes';
import { listarCreditos } from './service';

export const handler = defineRoute(rutaListarCreditos, async ({ query }) => listarCreditos(query));
