import { notificacionMasivaResultadoSchema, type NotificacionMasiva } from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { useMutation } from '@tanstack/react-query';

/**
 * POST /api/notificaciones/masivas (admin): one notification per client of the segment with a user.
 * `clave` is the submission's Idempotency-Key: a retry with it never notifies anyone twice.
 */
export function enviarNotificacionesMasivas({ body, clave }: { body: NotificacionMasiva; clave: string }) {
  return api.post('/api/notificaciones/masivas', body, {
    schema: notificacionMasivaResultadoSchema,
    headers: { 'Idempotency-Key': clave },
  });
}

export function useEnviarNotificacionesMasivas() {
  return useMutation({ mutationFn: enviarNotificacionesMasivas });
}
