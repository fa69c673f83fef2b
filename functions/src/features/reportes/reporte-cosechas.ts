import { defineRoute } from '#commons/http';
import { rutaReporteCosechas } from './routes';
import { obtenerReporteCosechas } from './service';

export const handler = defineRoute(rutaReporteCosechas, async ({ query }) => obtenerReporteCosechas(query));
