import { page } from '@cuota/shared/schemas/common';
import { creditoSchema, type CREDITO_ESTADOS } from '@cuota/shared/schemas/lending';
import { api, opcionesDePagina } from '@cuota/shared/web';
import { useQuery } from '@tanstack/react-query';

export const CREDITOS_PAGE_SIZE = 25;
const creditosPage = page(creditoSchema);

export interface ListarCreditosParams {
  q: string;
  estado: (typeof CREDITO_ESTADOS)[number] | undefined;
  cursor: string | undefined;
}

/** GET /api/creditos?q=&estado=&limit=&cursor= → { items, nextCursor } */
/** `limite`: the page size (the CSV export reads the list in the largest pages). */
export function listarCreditos({ q, estado, cursor }: ListarCreditosParams, signal?: AbortSignal, limite = CREDITOS_PAGE_SIZE) {
  return api.get('/api/creditos', {
    query: { q: q.trim() || undefined, estado, limit: limite, cursor },
    schema: creditosPage,
    signal,
  });
}

export function listarCreditosQueryOptions(params: ListarCreditosParams) {
  return opcionesDePagina(['creditos', 'list', params], (signal) => listarCreditos(params, signal));
}

export function useListarCreditos(params: ListarCreditosParams) {
  return useQuery(listarCreditosQueryOptions(params));
}
