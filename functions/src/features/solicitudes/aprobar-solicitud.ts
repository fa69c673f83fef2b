import { solicitudesTexts } from '@cuota/shared/texts/solicitudes';
import { defineRoute } from '#commons/http';
import { rutaAprobarSolicitud } from './routes';
import { accion } from './accion';
import { aprobarSolicitud } from './service';

/** Approves only: the credit is created by desembolsar. */
export const handler = defineRoute(rutaAprobarSolicitud, async ({ params, body, caller }) =>
  accion(solicitudesTexts.approved, () => aprobarSolicitud(params.id, body, caller)),
);
