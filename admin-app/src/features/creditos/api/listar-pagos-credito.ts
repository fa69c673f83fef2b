import { page } from '@cuota/shared/schemas/common';
import { pagoSchema } from '@cuota/shared/schemas/lending';
import { api, opcionesDePagina } from '@cuota/shared/web';
import { useQuery } from '@tanstack/react-query';

export const PAGOS_PAGE_SIZE = 10;
const pagosPage = page(pagoSchema);

/** GET /api/creditos/{id}/pagos?limit=&cursor=, newest first. */
export function listarPagosCredito(id: string, cursor: string | undefined, signal?: AbortSignal) {
  return api.get(`/api/creditos/${encodeURIComponent(id)}/pagos`, {
    query: { limit: PAGOS_PAGE_SIZE, cursor },
    schema: pagosPage,
    signal,
  });
}

export function listarPagosCreditoQueryOptions(id: string, cursor: string | undefined) {
  return opcionesDePagina(['creditos', 'detail', id, 'pagos', cursor ?? null], (signal) =>
    listarPagosCredito(id, cursor, signal),
  );
}

export function useListarPagosCredito(id: string, cursor: string | undefined) {
  return useQuery(listarPagosCreditoQueryOptions(id, cursor));
}
