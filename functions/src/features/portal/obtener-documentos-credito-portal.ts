import { fechaNegocio } from '@cuota/shared/domain/fechas';
import { defineRoute } from '#commons/http';
import { rutaObtenerDocumentosCreditoPortal } from './routes';
import { getDocumentos } from '../creditos/store';
import { zonaHoraria } from '../solicitudes/store';
import { clientePropio } from './cliente-propio';

export const handler = defineRoute(rutaObtenerDocumentosCreditoPortal, async ({ caller, params }) => {
  const clienteId = await clientePropio(caller);
  return getDocumentos(params.id, fechaNegocio(new Date(), await zonaHoraria()), clienteId);
});
