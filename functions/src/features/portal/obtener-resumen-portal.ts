import { defineRoute } from '#commons/http';
import { rutaObtenerResumenPortal } from './routes';
import { clientePropio } from '#features/clientes/index';
import { obtenerResumenPortal } from './service';

export const handler = defineRoute(rutaObtenerResumenPortal, async ({ caller }) =>
  obtenerResumenPortal(await clientePropio(caller)),
);
