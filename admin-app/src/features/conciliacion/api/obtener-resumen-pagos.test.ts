import type { PagosResumen } from '@cuota/shared/schemas/pagos';
import { describe, expect, it, vi } from 'vitest';
import { esperaTras, MAX_LECTURAS, seguirResumen } from './obtener-resumen-pagos';

const resumen = (pendientes: number, conciliados_hoy = 0): PagosResumen => ({
  fecha: '2026-11-25',
  pendientes,
  pendientes_centimos: pendientes * 1_000_00,
  conciliados_hoy,
  conciliados_hoy_centimos: conciliados_hoy * 1_000_00,
});

/** A summary that answers each read from a list (the last one again when it runs out), with the waits recorded. */
function servidor(respuestas: PagosResumen[]) {
  const esperas: number[] = [];
  let lecturas = 0;
  return {
    esperas,
    lecturas: () => lecturas,
    leer: async () => respuestas[Math.min(lecturas++, respuestas.length - 1)]!,
    esperar: async (ms: number) => void esperas.push(ms),
  };
}

describe('seguir el resumen tras una acción', () => {
  it('se detiene en cuanto el resumen se movió lo esperado', async () => {
    const s = servidor([resumen(5), resumen(5), resumen(4, 1)]);
    const n = await seguirResumen({ ...s, antes: resumen(5), cambio: { pendientes: 1, conciliados: 1 } });
    expect(n).toBe(3);
    expect(s.esperas).toEqual([300, 600]);
  });

  it('otra persona actúa a la vez y el valor esperado nunca llega: se detiene cuando los conteos se asientan', async () => {
    // a new report arrives: pendientes goes 5 → 5 (−1 + 1), conciliados 0 → 1, and stays there
    const s = servidor([resumen(5), resumen(5, 1), resumen(5, 1)]);
    const n = await seguirResumen({ ...s, antes: resumen(5), cambio: { pendientes: 1, conciliados: 1 } });
    expect(n).toBe(3);
  });

  it('un resumen que no se mueve nunca: a lo sumo 8 lecturas, con esperas crecientes (300, 600, 1200… hasta 2,4 s)', async () => {
    const s = servidor([resumen(5)]);
    const n = await seguirResumen({ ...s, antes: resumen(5), cambio: { pendientes: 1 } });
    expect(n).toBe(MAX_LECTURAS);
    expect(MAX_LECTURAS).toBeLessThanOrEqual(8);
    expect(s.lecturas()).toBe(8);
    expect(s.esperas).toEqual([300, 600, 1200, 2400, 2400, 2400, 2400]);
    expect(s.esperas.reduce((a, b) => a + b, 0)).toBeLessThan(15_000);
    expect(esperaTras(0)).toBe(300);
  });

  it('una acción más nueva toma el relevo: la anterior deja de leer', async () => {
    const s = servidor([resumen(5)]);
    let vigente = true;
    const n = await seguirResumen({
      ...s,
      antes: resumen(5),
      cambio: { pendientes: 1 },
      esperar: async () => {
        vigente = false;
      },
      vigente: () => vigente,
    });
    expect(n).toBe(1);
    expect(s.lecturas()).toBe(1);
  });
});

describe('useSeguirResumen', () => {
  it('una lectura que falla termina el seguimiento sin un rechazo sin manejar (quien llama no espera la promesa)', async () => {
    const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
    const { renderHook } = await import('@testing-library/react');
    const { createElement } = await import('react');
    const { useSeguirResumen } = await import('./obtener-resumen-pagos');
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const lectura = vi.spyOn(queryClient, 'fetchQuery').mockRejectedValue(new Error('No se pudo conectar con el servidor'));
    const { result } = renderHook(() => useSeguirResumen(), {
      wrapper: ({ children }) => createElement(QueryClientProvider, { client: queryClient }, children),
    });
    await expect(result.current.seguir(resumen(3), { pendientes: 1 })).resolves.toBeUndefined();
    expect(lectura).toHaveBeenCalledTimes(1);
  });
});
