import { defineRoute } from '#commons/http';
import { clientePropio } from '#features/clientes/index';
import { rutaObtenerReciboPortal } from './portal-routes';
import { obtenerRecibo } from './ventanilla';

/** GET /api/portal/pagos/{id}/recibo: the receipt of one of the caller's own payments (another's is a 404). */
export const handler = defineRoute(rutaObtenerReciboPortal, async ({ params, caller }) =>
  obtenerRecibo(params.id, await clientePropio(caller)),
);
