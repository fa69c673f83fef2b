import { defineRoute } from '#commons/http';
import { rutaObtenerResumenPagos } from './routes';
import { resumenPagos } from './store';

export const handler = defineRoute(rutaObtenerResumenPagos, async () => resumenPagos());
