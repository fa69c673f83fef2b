import { solicitudesTexts } from '@cuota/shared/texts/solicitudes';
import { defineRoute } from '#commons/http';
import { rutaRechazarSolicitud } from './routes';
import { accion } from './accion';
import { rechazarSolicitud } from './service';

export const handler = defineRoute(rutaRechazarSolicitud, async ({ params, body, caller }) =>
  accion(solicitudesTexts.rejected, async () => ({ solicitud: await rechazarSolicitud(params.id, body.motivo, caller) })),
);
