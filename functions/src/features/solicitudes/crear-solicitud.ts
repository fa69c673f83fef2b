import { created, defineRoute } from '#commons/http';
import { rutaCrearSolicitud } from './routes';
import { crearSolicitud } from './service';

export const handler = defineRoute(rutaCrearSolicitud, async ({ body, caller }) =>
  created(
    await crearSolicitud(
      {
        clienteId: body.cliente_id,
        productoId: body.producto_id,
        montoCentimos: body.monto_solicitado_centimos,
        plazoMeses: body.plazo_meses,
        origen: 'staff',
      },
      caller,
    ),
  ),
);
