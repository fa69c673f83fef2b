import { defineRoute } from '#commons/http';
import { rutaObtenerReciboPago } from './routes';
import { obtenerRecibo } from './ventanilla';

export const handler = defineRoute(rutaObtenerReciboPago, async ({ params }) => obtenerRecibo(params.id));
