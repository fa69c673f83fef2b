import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';

/**
 * A paged list's (or a filtered view's) query: its key and its read, keeping the page on screen
 * while the next one (another cursor or filter) loads.
 */
export function opcionesDePagina<T, K extends QueryKey>(queryKey: K, leer: (signal: AbortSignal) => Promise<T>) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => leer(signal), placeholderData: keepPreviousData });
}
