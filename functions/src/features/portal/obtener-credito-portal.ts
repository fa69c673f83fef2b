import { defineRoute } from '#commons/http';
import { getCreditoDetalle } from '#features/creditos/index';
import { clientePropio } from '#features/clientes/index';

export const handler = defineRoute('obtener-credito-portal', async ({ caller, params }) =>
  getCreditoDetalle(params.id, await clientePropio(caller)),
);
