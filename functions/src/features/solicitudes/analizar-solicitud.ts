import { TEXTS } from '@cuota/shared';
import { defineRoute } from '#commons/http';
import { accion } from './accion';
import { analizarSolicitud } from './service';

export const handler = defineRoute('analizar-solicitud', async ({ params, caller }) =>
  accion(TEXTS.solicitudes.analyzed, async () => ({ solicitud: await analizarSolicitud(params.id, caller) })),
);
