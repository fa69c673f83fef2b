import { TEXTS } from '@cuota/shared';
import { defineRoute } from '#commons/http';
import { rutaAprobarSolicitud } from './routes';
import { accion } from './accion';
import { aprobarSolicitud } from './store';

export const handler = defineRoute(rutaAprobarSolicitud, async ({ params, caller }) =>
  accion(TEXTS.solicitudes.approved, () => aprobarSolicitud(params.id, caller)),
);
