import { pagosResumenSchema, type PagosResumen } from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { pagosQueryKey } from './listar-pagos';

/** GET /api/pagos/resumen → pending count/total and reconciled today. */
export function obtenerResumenPagos(signal?: AbortSignal) {
  return api.get('/api/pagos/resumen', { schema: pagosResumenSchema, signal });
}

export const resumenPagosQueryOptions = queryOptions({
  queryKey: [...pagosQueryKey, 'resumen'],
  queryFn: ({ signal }) => obtenerResumenPagos(signal),
});

export function useObtenerResumenPagos() {
  return useQuery(resumenPagosQueryOptions);
}

/** What an action is expected to move: pending payments down by `pendientes`, conciliated today up by `conciliados`. */
export interface Cambio {
  pendientes?: number;
  conciliados?: number;
}
const llego = (antes: PagosResumen, ahora: PagosResumen, c: Cambio) =>
  ahora.pendientes <= antes.pendientes - (c.pendientes ?? 0) &&
  ahora.conciliados_hoy >= antes.conciliados_hoy + (c.conciliados ?? 0);
const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The summary comes from aggregates a stream consumer keeps after each write commits
 * (eventually consistent): read right after an action it still showed the state before it, and
 * the invalidation had nothing to read later, so the counts lagged one action behind. After an
 * action, read it again until it has moved by what the action did (every 300 ms, up to ~15 s),
 * so the summary and 'Pendientes (n)' follow each action. Take the snapshot before acting.
 */
export function useSeguirResumen() {
  const queryClient = useQueryClient();
  return {
    antes: () => queryClient.getQueryData(resumenPagosQueryOptions.queryKey),
    seguir: async (antes: PagosResumen | undefined, cambio: Cambio) => {
      if (!antes) return void queryClient.invalidateQueries({ queryKey: resumenPagosQueryOptions.queryKey });
      for (let i = 0; i < 40; i++) {
        const ahora = await queryClient.fetchQuery({ ...resumenPagosQueryOptions, staleTime: 0 });
        if (llego(antes, ahora, cambio)) return;
        await pausa(300);
      }
    },
  };
}
