import { defineRoute } from '#commons/http';
import { rutaCrearCampana } from './routes';
import { crearCampana } from './service';

export const handler = defineRoute(rutaCrearCampana, async ({ body, caller }) => crearCampana(body, caller));
