import { defineRoute } from '#commons/http';
import { rutaObtenerMapeoExtracto } from './routes';
import { obtenerMapeo } from './service';

export const handler = defineRoute(rutaObtenerMapeoExtracto, async ({ params }) => obtenerMapeo(params.banco));
