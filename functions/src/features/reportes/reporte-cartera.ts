import { defineRoute } from '#commons/http';
import { rutaReporteCartera } from './routes';
import { obtenerReporteCartera } from './service';

export const handler = defineRoute(rutaReporteCartera, async () => obtenerReporteCartera());
