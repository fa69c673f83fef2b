import { defineRoute } from '#commons/http';
import { rutaObtenerExtracto } from './routes';
import { obtenerExtracto } from './service';

export const handler = defineRoute(rutaObtenerExtracto, async ({ params }) => obtenerExtracto(params.id));
