import { defineRoute } from '#commons/http';
import { rutaObtenerSolicitud } from './routes';
import { getSolicitudDetalle } from './store';

export const handler = defineRoute(rutaObtenerSolicitud, async ({ params }) => getSolicitudDetalle(params.id));
