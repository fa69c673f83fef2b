import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { acumular, avanceInicial, ejecutarCierreDiario, type AvanceCierre } from '../api/cerrar-dia';
import { CIERRE_DIARIO_KEY, useObtenerCierreDiario } from '../api/obtener-cierre-diario';

export type FinCierre = { ok: true; avance: AvanceCierre } | { ok: false; error: unknown } | { ok: null };

export interface CierreDiario {
  avance: AvanceCierre | null;
  ejecutando: boolean;
  error: unknown;
  /** undefined: not known yet (loading); null: no date was ever closed. */
  ultimoCierre: string | null | undefined;
  /** Dates pending up to today (GET /api/cierre-diario), undefined while loading. */
  pendientes: number | undefined;
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
  const { data: estado } = useObtenerCierreDiario();
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
            queryClient.setQueryData(CIERRE_DIARIO_KEY, (prev) => prev && { ...prev, ultimo_cierre: r.ultimo_cierre });
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
          void queryClient.invalidateQueries({ queryKey: CIERRE_DIARIO_KEY });
        }
      }
    },
    [queryClient],
  );

  return { avance, ejecutando, error, ultimoCierre: estado?.ultimo_cierre, pendientes: estado?.pendientes, ejecutar };
}
