import { solicitudSchema, type SolicitudPortalCrear } from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { misSolicitudesQueryKey } from './listar-solicitudes-portal';

/** POST /api/portal/solicitudes: for the caller's own client record (never in the body); starts as enviado. */
export function crearSolicitudPortal(input: SolicitudPortalCrear) {
  return api.post('/api/portal/solicitudes', input, { schema: solicitudSchema });
}

export function useCrearSolicitudPortal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: crearSolicitudPortal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: misSolicitudesQueryKey }),
  });
}
