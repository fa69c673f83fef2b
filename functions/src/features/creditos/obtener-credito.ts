import { defineRoute } from '#commons/http';
import { rutaObtenerCredito } from './routes';
import { obtenerCreditoDetalle } from './service';

export const handler = defineRoute(rutaObtenerCredito, async ({ params }) => obtenerCreditoDetalle(params.id));
