import { solicitudSchema } from '@cuota/shared/schemas/lending';
import type { SolicitudCrear } from '@cuota/shared/schemas/solicitudes';
import { api, useMutacionQueRefresca } from '@cuota/shared/web';
import { useQueryClient } from '@tanstack/react-query';
import { solicitudesQueryKey } from './listar-solicitudes';

/** POST /api/solicitudes (admin, analista): starts as enviado. */
export function crearSolicitud(input: SolicitudCrear) {
  return api.post('/api/solicitudes', input, { schema: solicitudSchema });
}

export function useCrearSolicitud() {
  const queryClient = useQueryClient();
  return useMutacionQueRefresca(async (input: SolicitudCrear) => {
    const solicitud = await crearSolicitud(input);
    // the client's profile changes too (its counters, its solicitudes tab): Back to it shows the new one
    void queryClient.invalidateQueries({ queryKey: ['clientes', 'detail', input.cliente_id] });
    return solicitud;
  }, solicitudesQueryKey);
}
