import { TEXTS } from '@cuota/shared';
import { defineRoute } from '#commons/http';
import { accion } from './accion';
import { aprobarSolicitud } from './service';

export const handler = defineRoute('aprobar-solicitud', async ({ params, caller }) =>
  accion(TEXTS.solicitudes.approved, () => aprobarSolicitud(params.id, caller)),
);
