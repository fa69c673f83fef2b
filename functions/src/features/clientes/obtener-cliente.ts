import { defineRoute } from '#commons/http';
import { rutaObtenerCliente } from './routes';
import { obtenerClienteDetalle } from './service';

export const handler = defineRoute(rutaObtenerCliente, async ({ params }) => obtenerClienteDetalle(params.id));
