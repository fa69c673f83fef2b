import { defineRoute } from '#commons/http';
import { rutaEnviarCampana } from './routes';
import { enviarCampana } from './service';

export const handler = defineRoute(rutaEnviarCampana, async ({ params, caller }) => enviarCampana(params.id, caller));
