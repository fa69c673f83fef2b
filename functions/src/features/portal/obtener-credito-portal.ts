import { defineRoute } from '#commons/http';
import { rutaObtenerCreditoPortal } from './routes';
import { obtenerCreditoDetalle } from '#features/creditos/index';
import { clientePropio } from '#features/clientes/index';

export const handler = defineRoute(rutaObtenerCreditoPortal, async ({ caller, params }) =>
  obtenerCreditoDetalle(params.id, await clientePropio(caller)),
);
