import { defineRoute } from '#commons/http';
import { rutaReporteColocacion } from './routes';
import { obtenerReporteColocacion } from './service';

export const handler = defineRoute(rutaReporteColocacion, async ({ query }) => obtenerReporteColocacion(query));
