import { defineRoute } from '#commons/http';
import { rutaObtenerCliente } from './routes';
import { getClienteDetalle } from './store';

export const handler = defineRoute(rutaObtenerCliente, async ({ params }) => getClienteDetalle(params.id));
