import { created, defineRoute } from '#commons/http';
import { rutaCrearSolicitud } from './routes';
import { createSolicitud } from './service';

export const handler = defineRoute(rutaCrearSolicitud, async ({ body, caller }) =>
  created(
    await createSolicitud(
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
