import { defineRoute } from '#commons/http';
import { rutaObtenerCredito } from './routes';
import { getCreditoDetalle } from './store';

export const handler = defineRoute(rutaObtenerCredito, async ({ params }) => getCreditoDetalle(params.id));
