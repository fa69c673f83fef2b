import { solicitudSchema, type SolicitudCrear } from '@cuota/shared';
import { api, useMutacionQueRefresca } from '@cuota/shared/web';
import { solicitudesQueryKey } from './listar-solicitudes';

/** POST /api/solicitudes (admin, analista): starts as enviado. */
export function crearSolicitud(input: SolicitudCrear) {
  return api.post('/api/solicitudes', input, { schema: solicitudSchema });
}

export function useCrearSolicitud() {
  return useMutacionQueRefresca(crearSolicitud, solicitudesQueryKey);
}
