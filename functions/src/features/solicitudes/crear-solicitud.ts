import { created, defineRoute } from '#commons/http';
import { createSolicitud } from './service';

export const handler = defineRoute('crear-solicitud', async ({ body, caller }) =>
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
