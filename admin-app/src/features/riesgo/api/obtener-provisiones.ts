import { reporteProvisionesSchema } from '@cuota/shared/schemas/riesgo';
import { api } from '@cuota/shared/web';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** GET /api/reportes/provisiones[?mes=YYYY-MM] (admin, analista): now, or a month-end snapshot. */
export function obtenerProvisiones(mes: string | null, signal?: AbortSignal) {
  return api.get('/api/reportes/provisiones', { schema: reporteProvisionesSchema, query: mes ? { mes } : {}, signal });
}

export function useObtenerProvisiones(mes: string | null) {
  return useQuery({
    queryKey: ['reportes', 'provisiones', mes],
    queryFn: ({ signal }) => obtenerProvisiones(mes, signal),
    placeholderData: keepPreviousData,
  });
}
