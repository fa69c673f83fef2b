import { fechaNegocio } from '@cuota/shared/domain/fechas';
import { defineRoute } from '#commons/http';
import { rutaObtenerDocumentosCreditoPortal } from './routes';
import { obtenerDocumentos } from '#features/creditos/index';
import { zonaHoraria } from '#features/configuracion/index';
import { clientePropio } from '#features/clientes/index';

export const handler = defineRoute(rutaObtenerDocumentosCreditoPortal, async ({ caller, params }) => {
  const clienteId = await clientePropio(caller);
  return obtenerDocumentos(params.id, fechaNegocio(new Date(), await zonaHoraria()), clienteId);
});
