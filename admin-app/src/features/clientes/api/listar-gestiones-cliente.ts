import { LIST_MAX_LIMIT, page } from '@cuota/shared/schemas/common';
import { gestionSchema, type Gestion } from '@cuota/shared/schemas/gestiones';
import { creditoSchema, type Credito } from '@cuota/shared/schemas/lending';
import { api } from '@cuota/shared/web';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';

/** How many of each credit's newest contacts the client's contact log reads. */
export const GESTIONES_POR_CREDITO = 20;

const creditosPage = page(creditoSchema);
const gestionesPage = page(gestionSchema);

/** Every credit of the client (one page of the largest size: a client has a handful). */
function creditosDelClienteQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: ['clientes', 'detail', clienteId, 'creditos', 'todos'],
    queryFn: ({ signal }) =>
      api.get(`/api/clientes/${encodeURIComponent(clienteId)}/creditos`, {
        query: { limit: LIST_MAX_LIMIT },
        schema: creditosPage,
        signal,
      }),
  });
}

export function useCreditosDelCliente(clienteId: string) {
  return useQuery(creditosDelClienteQueryOptions(clienteId));
}

export interface GestionDelCliente extends Gestion {
  numero_credito: string;
}

/**
 * The client's contact log: the newest contacts of each of its credits (GET
 * /api/creditos/{id}/gestiones, one Query per credit, bounded by the client's credits), merged
 * newest first. Shares its cache with the credit page's own log.
 */
export function useGestionesDelCliente(clienteId: string) {
  const creditos = useCreditosDelCliente(clienteId);
  const lista: Credito[] = creditos.data?.items ?? [];
  const porCredito = useQueries({
    queries: lista.map((credito) =>
      queryOptions({
        queryKey: ['creditos', 'detail', credito.id, 'gestiones', 'cliente'],
        queryFn: ({ signal }) =>
          api.get(`/api/creditos/${encodeURIComponent(credito.id)}/gestiones`, {
            query: { limit: GESTIONES_POR_CREDITO },
            schema: gestionesPage,
            signal,
          }),
      }),
    ),
  });
  const fallida = [creditos, ...porCredito].find((q) => q.isError);
  const items: GestionDelCliente[] | undefined =
    creditos.data && porCredito.every((q) => q.data)
      ? porCredito
          .flatMap((q, i) => (q.data?.items ?? []).map((g) => ({ ...g, numero_credito: lista[i]!.numero_credito })))
          .sort((a, b) => b.created_at.localeCompare(a.created_at))
      : undefined;
  return {
    items,
    isPending: items === undefined && !fallida,
    isError: Boolean(fallida),
    error: fallida?.error ?? null,
    refetch: () => {
      void creditos.refetch();
      for (const q of porCredito) void q.refetch();
    },
  };
}
