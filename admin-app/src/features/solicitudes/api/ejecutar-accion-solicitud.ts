import { solicitudAccionSchema } from '@cuota/shared/schemas/solicitudes';
import { solicitudesTexts } from '@cuota/shared/texts/solicitudes';
import { api, useMutacionQueRefresca } from '@cuota/shared/web';
import { solicitudesQueryKey } from './listar-solicitudes';

export type AccionSolicitud = 'analizar' | 'aprobar' | 'rechazar';

/**
 * POST /api/solicitudes/{id}/analizar|aprobar|rechazar → { success, error?, message, solicitud, credito? }.
 * A 409 has the same body and arrives as an ApiError with its message; a 200 with success false
 * is turned into an error too so every caller handles one failure path.
 */
export async function ejecutarAccionSolicitud({ id, accion }: { id: string; accion: AccionSolicitud }) {
  const body = accion === 'rechazar' ? { motivo: solicitudesTexts.defaultRejectReason } : undefined;
  const result = await api.post(`/api/solicitudes/${encodeURIComponent(id)}/${accion}`, body, {
    schema: solicitudAccionSchema,
  });
  if (!result.success) throw new Error(result.error ?? result.message);
  return result;
}

export function useEjecutarAccionSolicitud() {
  return useMutacionQueRefresca(ejecutarAccionSolicitud, solicitudesQueryKey, 'siempre');
}
