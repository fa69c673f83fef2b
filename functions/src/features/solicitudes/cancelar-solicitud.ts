import { solicitudesTexts } from '@cuota/shared/texts/solicitudes';
import { defineRoute } from '#commons/http';
import { rutaCancelarSolicitud } from './routes';
import { accion } from './accion';
import { cancelarSolicitud } from './service';

export const handler = defineRoute(rutaCancelarSolicitud, async ({ params, body, caller }) =>
  accion(solicitudesTexts.cancelled, async () => ({ solicitud: await cancelarSolicitud(params.id, body.motivo, caller) })),
);
