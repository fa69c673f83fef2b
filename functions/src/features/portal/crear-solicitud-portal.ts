import { created, defineRoute } from '#commons/http';
import { rutaCrearSolicitudPortal } from './routes';
import { crearSolicitud } from '#features/solicitudes/index';
import { clientePropio } from '#features/clientes/index';
import { solicitudParaCliente } from '#entities/solicitud';

export const handler = defineRoute(rutaCrearSolicitudPortal, async ({ caller, body }) => {
  const clienteId = await clientePropio(caller);
  const solicitud = await crearSolicitud(
    {
      clienteId,
      productoId: body.producto_id,
      montoCentimos: body.monto_solicitado_centimos,
      plazoMeses: body.plazo_meses,
      origen: 'portal',
    },
    caller,
  );
  return created(solicitudParaCliente(solicitud));
});
