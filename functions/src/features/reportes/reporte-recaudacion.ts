import { defineRoute } from '#commons/http';
import { rutaReporteRecaudacion } from './routes';
import { obtenerReporteRecaudacion } from './service';

export const handler = defineRoute(rutaReporteRecaudacion, async ({ query }) => obtenerReporteRecaudacion(query));
