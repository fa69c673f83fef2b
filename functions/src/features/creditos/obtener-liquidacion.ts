import { defineRoute } from '#commons/http';
import { rutaObtenerLiquidacion } from './routes';
import { obtenerLiquidacion } from './service';

export const handler = defineRoute(rutaObtenerLiquidacion, async ({ params, query }) =>
  obtenerLiquidacion(params.id, query.fecha),
);
