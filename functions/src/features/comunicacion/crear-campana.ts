import { defineRoute } from '#commons/http';
import { rutaCrearCampana } from './routes';
import { crearCampana } from './store';

export const handler = defineRoute(rutaCrearCampana, async ({ body, caller }) => crearCampana(body, caller));
