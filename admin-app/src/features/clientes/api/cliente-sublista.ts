import { page } from '@cuota/shared/schemas/common';
import { api, type RequestOptions } from '@cuota/shared/web';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

export const SUBLISTA_PAGE_SIZE = 10;
export type Sublista = 'solicitudes' | 'creditos' | 'pagos';

/**
 * The three profile tabs read `GET /api/clientes/{id}/{sublista}?limit=&cursor=` the same way;
 * each operation file below fixes the path and the item schema.
 */
export function clienteSublistaQueryOptions<T>(
  id: string,
  sublista: Sublista,
  item: NonNullable<RequestOptions<T>['schema']>,
  cursor: string | undefined,
) {
  const schema = page(item);
  return queryOptions({
    queryKey: ['clientes', 'detail', id, sublista, cursor ?? null],
    queryFn: ({ signal }) =>
      api.get(`/api/clientes/${encodeURIComponent(id)}/${sublista}`, {
        query: { limit: SUBLISTA_PAGE_SIZE, cursor },
        schema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
