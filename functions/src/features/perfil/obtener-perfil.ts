import { defineRoute } from '#commons/http';
import { rutaObtenerPerfil } from './routes';
import { perfilPropio } from './store';

export const handler = defineRoute(rutaObtenerPerfil, async ({ caller }) => perfilPropio(caller));
