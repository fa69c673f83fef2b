import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { acumular, avanceInicial, ejecutarCierreDiario, type AvanceCierre } from '../api/cerrar-dia';

/**
 * The last closed business date as the latest answer of the close gave it. No route reads it on
 * its own, so it is known once a close ran in this session; kept in the query cache so it
 * survives leaving the page and coming back.
 */
const ULTIMO_CIERRE_KEY = ['cierre-diario', 'ultimo'] as const;

export type FinCierre = { ok: true; avance: AvanceCierre } | { ok: false; error: unknown } | { ok: null };

export interface CierreDiario {
  avance: AvanceCierre | null;
  ejecutando: boolean;
  error: unknown;
  /** undefined: not known yet; null: no date was ever closed. */
  ultimoCierre: string | null | undefined;
  /** Resolves when the close is done ({ ok: true }), failed ({ ok: false }) or the page was left ({ ok: null }). */
  ejecutar: (fecha: string) => Promise<FinCierre>;
}

/**
 * Runs the daily close up to a date, repeating the call while dates remain, with its progress.
 * It runs while the page is open; leaving the page stops asking (the scheduled job finishes
 * whatever is left, and the server never cuts a date in half).
 */
export function useCierreDiario(): CierreDiario {
  const queryClient = useQueryClient();
  const { data: ultimoCierre } = useQuery<string | null>({
    queryKey: ULTIMO_CIERRE_KEY,
    queryFn: () => Promise.resolve(null),
    enabled: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const [avance, setAvance] = useState<AvanceCierre | null>(null);
  const [ejecutando, setEjecutando] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const ejecutar = useCallback(
    async (fecha: string): Promise<FinCierre> => {
      if (controller.current) return { ok: null }; // one close at a time
      const ctrl = new AbortController();
      controller.current = ctrl;
      setEjecutando(true);
      setError(null);
      let actual = avanceInicial(fecha);
      setAvance(actual);
      try {
        await ejecutarCierreDiario(fecha, {
          signal: ctrl.signal,
          onRespuesta: (r) => {
            actual = acumular(actual, r);
            setAvance(actual);
            queryClient.setQueryData(ULTIMO_CIERRE_KEY, r.ultimo_cierre);
          },
        });
        return { ok: true, avance: actual };
      } catch (e) {
        if (ctrl.signal.aborted) return { ok: null };
        setError(e);
        return { ok: false, error: e };
      } finally {
        if (!ctrl.signal.aborted) {
          controller.current = null;
          setEjecutando(false);
          // the close moved mora and estados: refresh the cards now rather than in 30 s
          void queryClient.invalidateQueries({ queryKey: ['monitoreo'] });
        }
      }
    },
    [queryClient],
  );

  return { avance, ejecutando, error, ultimoCierre, ejecutar };
}
