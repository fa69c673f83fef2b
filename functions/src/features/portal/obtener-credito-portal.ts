import { defineRoute } from '#commons/http';
import { rutaObtenerCreditoPortal } from './routes';
import { getCreditoDetalle } from '../creditos/store';
import { clientePropio } from './cliente-propio';

export const handler = defineRoute(rutaObtenerCreditoPortal, async ({ caller, params }) =>
  getCreditoDetalle(params.id, await clientePropio(caller)),
);
