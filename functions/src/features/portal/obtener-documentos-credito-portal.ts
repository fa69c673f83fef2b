import { fechaNegocio } from '@cuota/shared';
import { defineRoute } from '#commons/http';
import { getDocumentos } from '#features/creditos/index';
import { zonaHoraria } from '#features/configuracion/index';
import { clientePropio } from '#features/clientes/index';

export const handler = defineRoute('obtener-documentos-credito-portal', async ({ caller, params }) => {
  const clienteId = await clientePropio(caller);
  return getDocumentos(params.id, fechaNegocio(new Date(), await zonaHoraria()), clienteId);
});
