import { defineRoute } from '#commons/http';
import { rutaObtenerResumenComunicacion } from './routes';
import { resumenComunicacion } from './store';

export const handler = defineRoute(rutaObtenerResumenComunicacion, async () => resumenComunicacion());
