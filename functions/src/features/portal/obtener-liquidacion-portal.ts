import { defineRoute } from '#commons/http';
import { rutaObtenerLiquidacionPortal } from './routes';
import { obtenerLiquidacion } from '#features/creditos/index';
import { clientePropio } from '#features/clientes/index';

export const handler = defineRoute(rutaObtenerLiquidacionPortal, async ({ caller, params, query }) =>
  obtenerLiquidacion(params.id, query.fecha, await clientePropio(caller)),
);
