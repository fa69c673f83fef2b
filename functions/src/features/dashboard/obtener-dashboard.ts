import { defineRoute } from '#commons/http';
import { rutaObtenerDashboard } from './routes';
import { obtenerDashboard } from './store';

export const handler = defineRoute(rutaObtenerDashboard, async () => obtenerDashboard());
