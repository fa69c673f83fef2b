import { page } from '@cuota/shared/schemas/common';
import { creditoPortalSchema } from '@cuota/shared/schemas/creditos';
import { cuotaSchema } from '@cuota/shared/schemas/lending';
import { api, leerTodasLasPaginas } from '@cuota/shared/web';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export const creditosQueryKey = ['portal', 'creditos'] as const;

/** GET /api/portal/creditos: the caller's own credits, newest first (cursor pages), each with what it owes today. */
export function useListarCreditosPortal(cursor: string | undefined) {
  return useQuery({
    queryKey: [...creditosQueryKey, 'list', cursor ?? null],
    queryFn: ({ signal }) =>
      api.get('/api/portal/creditos', { schema: page(creditoPortalSchema), query: { limit: 10, cursor }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/portal/creditos/{id}/cuotas, every page (a schedule has at most 60 cuotas). */
export function useListarCuotasCreditoPortal(creditoId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...creditosQueryKey, creditoId, 'cuotas'],
    enabled,
    queryFn: ({ signal }) => {
      const schema = page(cuotaSchema);
      return leerTodasLasPaginas((cursor) =>
        api.get(`/api/portal/creditos/${encodeURIComponent(creditoId)}/cuotas`, {
          schema,
          query: { limit: 100, cursor },
          signal,
        }),
      );
    },
  });
}
