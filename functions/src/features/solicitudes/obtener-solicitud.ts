import { defineRoute } from '#commons/http';
import { rutaObtenerSolicitud } from './routes';
import { obtenerSolicitudDetalle } from './store';

export const handler = defineRoute(rutaObtenerSolicitud, async ({ params }) => obtenerSolicitudDetalle(params.id));
