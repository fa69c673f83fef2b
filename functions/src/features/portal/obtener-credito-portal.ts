import { defineRoute } from '#commons/http';
import { getCreditoDetalle } from '../creditos/store';
import { clientePropio } from './cliente-propio';

export const handler = defineRoute('obtener-credito-portal', async ({ caller, params }) =>
  getCreditoDetalle(params.id, await clientePropio(caller)),
);
