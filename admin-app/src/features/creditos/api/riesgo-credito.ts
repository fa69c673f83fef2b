import { castigoSchema, castigoVistaSchema, type CastigarCredito } from '@cuota/shared/schemas/riesgo';
import { api, useMutacionQueRefresca } from '@cuota/shared/web';
import { useQuery } from '@tanstack/react-query';
import type { ConClave } from './pagos-ventanilla';

const detalle = (creditoId: string) => ['creditos', 'detail', creditoId] as const;

/** GET /api/creditos/{id}/riesgo: the credit's risk category and its write-off (or what it would be today). */
export function obtenerRiesgoCredito(id: string, signal?: AbortSignal) {
  return api.get(`/api/creditos/${encodeURIComponent(id)}/riesgo`, { schema: castigoVistaSchema, signal });
}

export function useObtenerRiesgoCredito(id: string) {
  return useQuery({ queryKey: [...detalle(id), 'riesgo'], queryFn: ({ signal }) => obtenerRiesgoCredito(id, signal) });
}

/** POST /api/creditos/{id}/castigar (admin). */
export function castigarCredito(id: string, { body, clave }: ConClave<CastigarCredito>) {
  return api.post(`/api/creditos/${encodeURIComponent(id)}/castigar`, body, {
    schema: castigoSchema,
    headers: { 'Idempotency-Key': clave },
  });
}

export function useCastigarCredito(id: string) {
  return useMutacionQueRefresca((entrada: ConClave<CastigarCredito>) => castigarCredito(id, entrada), detalle(id), 'siempre');
}
