import { LIST_MAX_LIMIT, page } from '@cuota/shared/schemas/common';
import { cuotaSchema, type Cuota } from '@cuota/shared/schemas/lending';
import { api, leerTodasLasPaginas } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';

const cuotasPage = page(cuotaSchema);

/** GET /api/creditos/{id}/cuotas, by numero_cuota; follows the cursor so the whole schedule is read. */
export function listarCuotasCredito(id: string, signal?: AbortSignal): Promise<Cuota[]> {
  // A schedule has at most a few hundred rows (plazo in months); pages of the maximum size.
  return leerTodasLasPaginas((cursor) =>
    api.get(`/api/creditos/${encodeURIComponent(id)}/cuotas`, {
      query: { limit: LIST_MAX_LIMIT, cursor },
      schema: cuotasPage,
      signal,
    }),
  );
}

export function listarCuotasCreditoQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['creditos', 'detail', id, 'cuotas'],
    queryFn: ({ signal }) => listarCuotasCredito(id, signal),
  });
}

export function useListarCuotasCredito(id: string) {
  return useQuery(listarCuotasCreditoQueryOptions(id));
}
