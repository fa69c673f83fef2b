import { solicitudSchema, type SolicitudCrear } from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { solicitudesQueryKey } from './listar-solicitudes';

/** POST /api/solicitudes (admin, analista): starts as enviado. */
export function crearSolicitud(input: SolicitudCrear) {
  return api.post('/api/solicitudes', input, { schema: solicitudSchema });
}

export function useCrearSolicitud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: crearSolicitud,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: solicitudesQueryKey }),
  });
}
