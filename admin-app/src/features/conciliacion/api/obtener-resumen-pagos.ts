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

const cambio = (antes: PagosResumen, ahora: PagosResumen) =>
  ahora.pendientes !== antes.pendientes || ahora.conciliados_hoy !== antes.conciliados_hoy;
const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The summary comes from aggregates a stream consumer keeps after each write commits
 * (eventually consistent): read right after an action it still shows the state before it, so the
 * counts lagged one action behind. After an action that changes them, read it again until it
 * moves from what it showed before the action (every 300 ms, up to ~6 s), so the counts and
 * 'Pendientes (n)' follow each action. Returns the snapshot to pass in: take it before acting.
 */
export function useSeguirResumen() {
  const queryClient = useQueryClient();
  return {
    antes: () => queryClient.getQueryData(resumenPagosQueryOptions.queryKey),
    seguir: async (antes: PagosResumen | undefined) => {
      if (!antes) return void queryClient.invalidateQueries({ queryKey: resumenPagosQueryOptions.queryKey });
      for (let i = 0; i < 20; i++) {
        const ahora = await queryClient.fetchQuery({ ...resumenPagosQueryOptions, staleTime: 0 });
        if (cambio(antes, ahora)) return;
        await pausa(300);
      }
    },
  };
}
