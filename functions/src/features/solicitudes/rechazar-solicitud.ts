import { TEXTS } from '@cuota/shared';
import { defineRoute } from '#commons/http';
import { accion } from './accion';
import { rechazarSolicitud } from './service';

export const handler = defineRoute('rechazar-solicitud', async ({ params, body, caller }) =>
  accion(TEXTS.solicitudes.rejected, async () => ({ solicitud: await rechazarSolicitud(params.id, body.motivo, caller) })),
);
