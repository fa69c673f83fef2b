import { solicitudesTexts } from '@cuota/shared/texts/solicitudes';
import { defineRoute } from '#commons/http';
import { rutaAnalizarSolicitud } from './routes';
import { accion } from './accion';
import { analizarSolicitud } from './service';

export const handler = defineRoute(rutaAnalizarSolicitud, async ({ params, caller }) =>
  accion(solicitudesTexts.analyzed, async () => ({ solicitud: await analizarSolicitud(params.id, caller) })),
);
