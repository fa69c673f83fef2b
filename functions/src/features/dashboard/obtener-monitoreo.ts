import { defineRoute } from '#commons/http';
import { rutaObtenerMonitoreo } from './routes';
import { obtenerMonitoreo } from './store';

export const handler = defineRoute(rutaObtenerMonitoreo, async ({ caller }) => obtenerMonitoreo(caller.userId));
