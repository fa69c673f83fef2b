import { pagosResumenSchema, type PagosResumen } from '@cuota/shared/schemas/pagos';
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
const igual = (a: PagosResumen, b: PagosResumen) => a.pendientes === b.pendientes && a.conciliados_hoy === b.conciliados_hoy;

/** At most this many reads of the summary per action. */
export const MAX_LECTURAS = 8;
/** Wait before the next read: 300 ms, doubling, at most 2.4 s (about 12 s over the 8 reads). */
export const esperaTras = (lectura: number) => Math.min(300 * 2 ** lectura, 2_400);

/**
 * Reads the summary after an action until the counts settle, and reports how many reads it made.
 * It stops when one of these holds:
 * - the counts moved by what the action did;
 * - the counts moved, then read the same twice in a row (another user acting at the same time can
 *   keep them from ever reaching the expected value);
 * - `vigente()` turned false (a newer action's poll took over);
 * - MAX_LECTURAS reads were made.
 * Between reads it waits `esperaTras(i)`.
 */
export async function seguirResumen(x: {
  leer: () => Promise<PagosResumen>;
  antes: PagosResumen;
  cambio: Cambio;
  esperar?: (ms: number) => Promise<void>;
  vigente?: () => boolean;
}): Promise<number> {
  const esperar = x.esperar ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let previa: PagosResumen | null = null;
  for (let i = 0; i < MAX_LECTURAS; i++) {
    if (i > 0) await esperar(esperaTras(i - 1));
    if (x.vigente && !x.vigente()) return i;
    const ahora = await x.leer();
    if (llego(x.antes, ahora, x.cambio)) return i + 1;
    if (previa && !igual(ahora, x.antes) && igual(ahora, previa)) return i + 1;
    previa = ahora;
  }
  return MAX_LECTURAS;
}

/** Each action's poll replaces the previous one (its loop stops at its next read). */
let ultimoSeguimiento = 0;

/**
 * The summary comes from aggregates a stream consumer keeps after each write commits
 * (eventually consistent): read right after an action it still showed the state before it. After
 * an action, read it again (seguirResumen: backing off from 300 ms, at most 8 reads, stopping as
 * soon as the counts settle), so the summary and 'Pendientes (n)' follow each action. Take the
 * snapshot before acting.
 */
export function useSeguirResumen() {
  const queryClient = useQueryClient();
  return {
    antes: () => queryClient.getQueryData(resumenPagosQueryOptions.queryKey),
    seguir: async (antes: PagosResumen | undefined, cambio: Cambio) => {
      if (!antes) return void queryClient.invalidateQueries({ queryKey: resumenPagosQueryOptions.queryKey });
      const este = ++ultimoSeguimiento;
      try {
        await seguirResumen({
          leer: () => queryClient.fetchQuery({ ...resumenPagosQueryOptions, staleTime: 0 }),
          antes,
          cambio,
          vigente: () => este === ultimoSeguimiento,
        });
      } catch {
        // a failed read (offline, server down) ends the follow; the summary query keeps its own
        // error state and retries on its next read — callers fire this and do not await it
        void queryClient.invalidateQueries({ queryKey: resumenPagosQueryOptions.queryKey });
      }
    },
  };
}
