import { notificacionMasivaResultadoSchema, type NotificacionMasiva } from '@cuota/shared/schemas/comunicacion';
import { api } from '@cuota/shared/web';
import { useMutation } from '@tanstack/react-query';

/** Pause between the calls that carry on a send still in progress (202). */
const PAUSA_MS = 500;

interface Envio {
  body: NotificacionMasiva;
  /** The submission's Idempotency-Key: a retry with it never notifies anyone twice. */
  clave: string;
  /** The count so far while a large send goes on. */
  onProgreso?: (enviadas: number) => void;
}

/**
 * POST /api/notificaciones/masivas (admin): one notification per client of the segment with a user.
 * A large send answers 202 with the count so far; calling again with the same key carries it on,
 * until the 200 with the total.
 */
export async function enviarNotificacionesMasivas({ body, clave, onProgreso }: Envio) {
  for (;;) {
    const r = await api.post('/api/notificaciones/masivas', body, {
      schema: notificacionMasivaResultadoSchema,
      headers: { 'Idempotency-Key': clave },
    });
    if (!r.en_curso) return r;
    onProgreso?.(r.enviadas);
    await new Promise((resolve) => setTimeout(resolve, PAUSA_MS));
  }
}

export function useEnviarNotificacionesMasivas() {
  return useMutation({ mutationFn: enviarNotificacionesMasivas });
}
