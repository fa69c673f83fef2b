import { liquidacionSchema } from '@cuota/shared/schemas/creditos';
import { api, isApiError } from '@cuota/shared/web';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { creditosQueryKey } from './creditos';

const FECHA = /^\d{4}-\d{2}-\d{2}$/;

/** GET /api/portal/creditos/{id}/liquidacion?fecha=: what cancels an own credit with that payment date. */
export function useObtenerLiquidacionPortal(creditoId: string, fecha: string, enabled: boolean) {
  return useQuery({
    queryKey: [...creditosQueryKey, creditoId, 'liquidacion', fecha],
    enabled: enabled && FECHA.test(fecha),
    queryFn: ({ signal }) =>
      api.get(`/api/portal/creditos/${encodeURIComponent(creditoId)}/liquidacion`, {
        schema: liquidacionSchema,
        query: { fecha },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });
}
