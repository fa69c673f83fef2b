import { fechaNegocio } from '@cuota/shared';
import { defineRoute } from '#commons/http';
import { getDocumentos } from '../creditos/store';
import { zonaHoraria } from '../solicitudes/store';
import { clientePropio } from './cliente-propio';

export const handler = defineRoute('obtener-documentos-credito-portal', async ({ caller, params }) => {
  const clienteId = await clientePropio(caller);
  return getDocumentos(params.id, fechaNegocio(new Date(), await zonaHoraria()), clienteId);
});
