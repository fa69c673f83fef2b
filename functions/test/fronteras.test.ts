import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Boundaries between features (functions/src/features/<f>): the graph of which feature imports
 * which, built from the import statements of the non-test files, has no cycles. eslint.config.js
 * makes every such import go through the feature's index.ts.
 */
const FEATURES = join(dirname(fileURLToPath(import.meta.url)), '../src/features');

/** Cycles accepted for now: none (the allocation moved into the lending engine, cierre/aplicacion.ts). */
const CICLOS_CONOCIDOS = new Set<string>();

function archivos(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return archivos(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

function grafoDeFeatures(): Map<string, Set<string>> {
  const grafo = new Map<string, Set<string>>();
  for (const feature of readdirSync(FEATURES).filter((n) => statSync(join(FEATURES, n)).isDirectory())) {
    const destinos = new Set<string>();
    for (const archivo of archivos(join(FEATURES, feature))) {
      const fuente = readFileSync(archivo, 'utf8');
      for (const m of fuente.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)) {
        const spec = m[1]!;
        let otra: string | undefined;
        if (spec.startsWith('#features/')) otra = spec.split('/')[1];
        else if (spec.startsWith('.')) {
          const rel = relative(FEATURES, normalize(join(dirname(archivo), spec)));
          if (!rel.startsWith('..')) otra = rel.split(sep)[0];
        }
        if (otra && otra !== feature) destinos.add(otra);
      }
    }
    grafo.set(feature, destinos);
  }
  return grafo;
}

/** Every elementary cycle, each named from its smallest feature (a>b>a). */
function ciclos(grafo: Map<string, Set<string>>): string[] {
  const encontrados = new Set<string>();
  const visitar = (inicio: string, actual: string, camino: string[]) => {
    for (const siguiente of grafo.get(actual) ?? []) {
      if (siguiente === inicio) encontrados.add([...camino, inicio].join('>'));
      else if (siguiente > inicio && !camino.includes(siguiente)) visitar(inicio, siguiente, [...camino, siguiente]);
    }
  };
  for (const f of [...grafo.keys()].sort()) visitar(f, f, [f]);
  return [...encontrados].sort();
}

describe('fronteras entre features', () => {
  it('ninguna feature depende de sí misma a través de otras (sin ciclos, salvo los conocidos)', () => {
    const grafo = grafoDeFeatures();
    expect(grafo.size).toBeGreaterThan(10);
    expect(ciclos(grafo).filter((c) => !CICLOS_CONOCIDOS.has(c))).toEqual([]);
  });

  it('detecta un ciclo', () => {
    const grafo = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(ciclos(grafo)).toEqual(['a>b>c>a']);
  });
});
