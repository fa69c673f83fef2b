import { TEXTS } from '@cuota/shared';
import { defineRoute } from '#commons/http';
import { rutaRechazarSolicitud } from './routes';
import { accion } from './accion';
import { rechazarSolicitud } from './store';

export const handler = defineRoute(rutaRechazarSolicitud, async ({ params, body, caller }) =>
  accion(TEXTS.solicitudes.rejected, async () => ({ solicitud: await rechazarSolicitud(params.id, body.motivo, caller) })),
);
