import {
  planReestructuracionSchema,
  reestructuracionSchema,
  reestructuracionesSchema,
  type ReestructurarEntrada,
} from '@cuota/shared/schemas/reestructuracion';
import { api, useMutacionQueRefresca } from '@cuota/shared/web';
import { useMutation, useQuery } from '@tanstack/react-query';

/** A confirmed restructuring changes the credit, its cuotas and its history: all read again. */
const detalle = (creditoId: string) => ['creditos', 'detail', creditoId] as const;
const ruta = (creditoId: string) => `/api/creditos/${encodeURIComponent(creditoId)}`;

/** POST …/reestructurar/vista-previa (admin, analista): the new schedule, nothing written. */
export function useVistaPreviaReestructuracion(creditoId: string) {
  return useMutation({
    mutationFn: (body: ReestructurarEntrada) =>
      api.post(`${ruta(creditoId)}/reestructurar/vista-previa`, body, { schema: planReestructuracionSchema }),
  });
}

/** POST …/reestructurar: an admin confirms, an analista proposes (Idempotency-Key). */
export function useReestructurar(creditoId: string) {
  return useMutacionQueRefresca(
    ({ body, clave }: { body: ReestructurarEntrada; clave: string }) =>
      api.post(`${ruta(creditoId)}/reestructurar`, body, {
        schema: reestructuracionSchema,
        headers: { 'Idempotency-Key': clave },
      }),
    detalle(creditoId),
    'siempre',
  );
}

/** GET …/reestructuraciones: history and pending proposals. */
export function useReestructuraciones(creditoId: string) {
  return useQuery({
    queryKey: [...detalle(creditoId), 'reestructuraciones'],
    queryFn: ({ signal }) => api.get(`${ruta(creditoId)}/reestructuraciones`, { schema: reestructuracionesSchema, signal }),
  });
}

/** POST …/reestructuraciones/aprobar (admin). */
export function useAprobarReestructuracion(creditoId: string) {
  return useMutacionQueRefresca(
    ({ id, clave }: { id: string; clave: string }) =>
      api.post(
        `${ruta(creditoId)}/reestructuraciones/aprobar`,
        { reestructuracion_id: id },
        { schema: reestructuracionSchema, headers: { 'Idempotency-Key': clave } },
      ),
    detalle(creditoId),
    'siempre',
  );
}

/** POST …/reestructuraciones/rechazar (admin). */
export function useRechazarReestructuracion(creditoId: string) {
  return useMutacionQueRefresca(
    ({ id, motivo }: { id: string; motivo: string }) =>
      api.post(
        `${ruta(creditoId)}/reestructuraciones/rechazar`,
        { reestructuracion_id: id, motivo },
        { schema: reestructuracionSchema },
      ),
    detalle(creditoId),
    'siempre',
  );
}
