import { describe, expect, it } from 'vitest';
import { construirConReintentos, esAnalisisIncompletoDeLaFederacion, type Intento } from './construir-remoto';

// The head of the message rolldown printed when the analysis ended early (a CI run, portal-app).
const CARRERA = `[MISSING_EXPORT] "creditoPortalSchema" is not exported by "\\0virtual:mf:__mfe_internal__portal__mf_owner__256508539625881__loadShare___mf_0_cuota_mf_1_shared__loadShare__.js".
   ╭─[ src/features/creditos/api/creditos.ts:1:10 ]`;
const OTRO_FALTANTE = `[MISSING_EXPORT] "noExiste" is not exported by "src/features/creditos/api/creditos.ts".`;
const SINTAXIS = `[PARSE_ERROR] Expected a semicolon`;

function secuencia(intentos: Intento[]) {
  const llamadas: number[] = [];
  const avisos: string[] = [];
  const resultado = (n: number) =>
    construirConReintentos(
      () => {
        llamadas.push(llamadas.length + 1);
        return intentos[Math.min(llamadas.length - 1, intentos.length - 1)]!;
      },
      (m) => avisos.push(m),
      n,
    );
  return { llamadas, avisos, resultado };
}

describe('construirConReintentos', () => {
  it('recognises only a missing export of a federation share wrapper', () => {
    expect(esAnalisisIncompletoDeLaFederacion(CARRERA)).toBe(true);
    expect(esAnalisisIncompletoDeLaFederacion(OTRO_FALTANTE)).toBe(false);
    expect(esAnalisisIncompletoDeLaFederacion(SINTAXIS)).toBe(false);
  });

  it('builds again after an early end of the analysis and returns the success', () => {
    const s = secuencia([
      { status: 1, salida: CARRERA },
      { status: 0, salida: 'built' },
    ]);
    expect(s.resultado(3)).toEqual({ status: 0, salida: 'built' });
    expect(s.llamadas).toEqual([1, 2]);
    expect(s.avisos).toHaveLength(1);
  });

  it('reports any other failure at once', () => {
    const s = secuencia([{ status: 1, salida: `${OTRO_FALTANTE}\n${SINTAXIS}` }]);
    expect(s.resultado(3).status).toBe(1);
    expect(s.llamadas).toEqual([1]);
    expect(s.avisos).toEqual([]);
  });

  it('gives up after the last attempt with its output', () => {
    const s = secuencia([{ status: 1, salida: CARRERA }]);
    expect(s.resultado(3)).toEqual({ status: 1, salida: CARRERA });
    expect(s.llamadas).toEqual([1, 2, 3]);
    expect(s.avisos).toHaveLength(2);
  });
});
