import { solicitudSchema } from '@cuota/shared/schemas/lending';
import type { SolicitudPortalCrear } from '@cuota/shared/schemas/solicitudes';
import { api, useMutacionQueRefresca } from '@cuota/shared/web';
import { misSolicitudesQueryKey } from './listar-solicitudes-portal';

/** POST /api/portal/solicitudes: for the caller's own client record (never in the body); starts as enviado. */
export function crearSolicitudPortal(input: SolicitudPortalCrear) {
  return api.post('/api/portal/solicitudes', input, { schema: solicitudSchema });
}

export function useCrearSolicitudPortal() {
  return useMutacionQueRefresca(crearSolicitudPortal, misSolicitudesQueryKey);
}
