import { describe, expect, it } from 'vitest';
import { esRutaDeLaShell, RUTAS_SHELL } from './rutas';

describe('rutas de la shell', () => {
  it('reconoce cada ruta con sus parámetros y la barra final', () => {
    expect(esRutaDeLaShell('/')).toBe(true);
    expect(esRutaDeLaShell('/portal')).toBe(true);
    expect(esRutaDeLaShell('/portal/')).toBe(true);
    expect(esRutaDeLaShell('/clientes/c-1')).toBe(true);
    expect(esRutaDeLaShell('/creditos/x/contrato')).toBe(true);
    expect(esRutaDeLaShell('/portal/creditos/x/constancia')).toBe(true);
    for (const ruta of Object.values(RUTAS_SHELL)) expect(esRutaDeLaShell(ruta.replace(/:\w+/g, 'v1')), ruta).toBe(true);
  });

  it('rechaza lo demás: otra ruta, un segmento de más o de menos, mayúsculas, puntos', () => {
    for (const ruta of [
      '/x',
      '/portal/x',
      '/creditos/x/y',
      '/clientes/a/b',
      '/Portal',
      '/creditos/../clientes',
      'portal',
      '/apps',
    ])
      expect(esRutaDeLaShell(ruta), ruta).toBe(false);
  });
});
