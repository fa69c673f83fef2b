import { defineRoute } from '#commons/http';
import { rutaObtenerResumenPagos } from './routes';
import { obtenerResumenPagos } from './service';

export const handler = defineRoute(rutaObtenerResumenPagos, async () => obtenerResumenPagos());
