import { notificacionMasivaResultadoSchema, type NotificacionMasiva } from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { useMutation } from '@tanstack/react-query';

/** POST /api/notificaciones/masivas (admin): one notification per client of the segment with a user. */
export function enviarNotificacionesMasivas(input: NotificacionMasiva) {
  return api.post('/api/notificaciones/masivas', input, { schema: notificacionMasivaResultadoSchema });
}

export function useEnviarNotificacionesMasivas() {
  return useMutation({ mutationFn: enviarNotificacionesMasivas });
}
