import { solicitudesTexts } from '@cuota/shared/texts/solicitudes';
import { defineRoute } from '#commons/http';
import { rutaAprobarSolicitud } from './routes';
import { accion } from './accion';
import { aprobarSolicitud } from './service';

export const handler = defineRoute(rutaAprobarSolicitud, async ({ params, caller }) =>
  accion(solicitudesTexts.approved, () => aprobarSolicitud(params.id, caller)),
);
