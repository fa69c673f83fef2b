import { defineRoute } from '#commons/http';
import { rutaObtenerCreditoPortal } from './routes';
import { getCreditoDetalle } from '#features/creditos/index';
import { clientePropio } from '#features/clientes/index';

export const handler = defineRoute(rutaObtenerCreditoPortal, async ({ caller, params }) =>
  getCreditoDetalle(params.id, await clientePropio(caller)),
);
