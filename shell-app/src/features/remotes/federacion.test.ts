import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEDERATION_SHARED } from '../../../../shared/src/web/federation-config';
import { PROVEEDORES } from './federacion';
import * as queryCompartido from './query-compartido';
import * as routerCompartido from './router-compartido';
import * as zodMiniCompartido from './zod-mini-compartido';

const RAIZ = resolve(import.meta.dirname, '../../../..');

function fuentes(dir: string, fuera: readonly string[] = []): string[] {
  return readdirSync(dir).flatMap((nombre) => {
    const ruta = join(dir, nombre);
    if (fuera.includes(ruta)) return [];
    if (statSync(ruta).isDirectory()) return fuentes(ruta, fuera);
    return /\.tsx?$/.test(nombre) && !/\.test\.tsx?$/.test(nombre) ? [ruta] : [];
  });
}

/**
 * Code a remote never bundles: `web` comes from the shell's share and `testing` is for tests. The
 * `ui` entry is a share too, but its sub-path modules (dialogs, radio cards, …) and the documents
 * are bundled by the remotes, so the scan keeps `ui` and `documents` (a superset is harmless).
 */
const PROVISTOS_POR_LA_SHELL = ['web', 'testing'].map((d) => join(RAIZ, 'shared/src', d));

/**
 * Every value a remote takes from `pkg`: named imports, and `z.name` in files that import the
 * namespace, in the remotes' code and in the modules of @cuota/shared they bundle (schemas,
 * domain, texts: everything but the shell's share entries).
 */
function usadosPorLosRemotos(pkg: string): Set<string> {
  const usados = new Set<string>();
  const esc = pkg.replace(/\//g, '\\/');
  const archivos = [
    ...['admin-app/src', 'portal-app/src'].flatMap((d) => fuentes(join(RAIZ, d))),
    ...fuentes(join(RAIZ, 'shared/src'), PROVISTOS_POR_LA_SHELL),
  ];
  for (const archivo of archivos) {
    const texto = readFileSync(archivo, 'utf8');
    for (const m of texto.matchAll(new RegExp(`import \\{([^}]*)\\} from '${esc}'`, 'g')))
      for (const n of m[1]!.split(',')) {
        const nombre = n.trim().split(/\s+as\s+/)[0]!;
        if (nombre && !nombre.startsWith('type ')) usados.add(nombre);
      }
    const ns = new RegExp(`import \\* as (\\w+) from '${esc}'`).exec(texto)?.[1];
    // `z.core.$ZodType` and `z.input<…>` are types: a name followed by `.$…` or `<` is not a call
    if (ns) for (const m of texto.matchAll(new RegExp(`\\b${ns}\\.(\\w+)\\b(?!\\.\\$|<)`, 'g'))) usados.add(m[1]!);
  }
  return usados;
}

describe('lo que la shell comparte con los remotos', () => {
  it('un proveedor por cada paquete de la lista compartida, ni más ni menos', () => {
    expect(Object.keys(PROVEEDORES).sort()).toEqual(Object.keys(FEDERATION_SHARED).sort());
  });

  it('el formulario y los documentos no son compartidos: ningún código que la shell comparte usa react-hook-form', () => {
    // A remote bundles react-hook-form, its resolver and the documents into the lazy chunks of its
    // form and document pages. That is sound only while no form context crosses from the shell's
    // code to a remote's: nothing under shared/src (what the shell provides) may import
    // react-hook-form at run time (`import type` is fine; a form's methods are passed in).
    for (const key of ['react-hook-form', '@hookform/resolvers/zod', '@cuota/shared/documents'])
      expect(Object.keys(FEDERATION_SHARED), key).not.toContain(key);
    const enTiempoDeEjecucion = fuentes(join(RAIZ, 'shared/src')).filter((archivo) =>
      /(^\s*(import|export)\s+(?!type\b)[^;]*from\s+|\bimport\(\s*)'(react-hook-form|@hookform\/[^']+)'/m.test(
        readFileSync(archivo, 'utf8'),
      ),
    );
    expect(enTiempoDeEjecucion).toEqual([]);
    // Each app's copy of the documents must keep no state of its own: they reach the loaded config,
    // the auth bridge and the toast store only through the shares (`@cuota/shared/web`, `/ui`) or
    // by argument, never by a relative import that would bundle a second store into a remote.
    const conEstadoPropio = fuentes(join(RAIZ, 'shared/src/documents')).filter((archivo) =>
      /^\s*import\s+(?!type\b)[^;]*from\s+'\.\.\/(web|ui)(\/[^']*)?'/m.test(readFileSync(archivo, 'utf8')),
    );
    expect(conEstadoPropio).toEqual([]);
    // The same for the ui modules a remote bundles (those outside the ui index): the rest of the
    // ui, the toast store included, comes from the share `@cuota/shared/ui`, never by a relative import.
    const indiceUi = readFileSync(join(RAIZ, 'shared/src/ui/index.ts'), 'utf8');
    const subrutasUi = Object.keys(
      (JSON.parse(readFileSync(join(RAIZ, 'shared/package.json'), 'utf8')) as { exports: Record<string, string> }).exports,
    )
      .filter((k) => k.startsWith('./ui/') && !k.endsWith('.css'))
      .map((k) => k.slice('./ui/'.length))
      .filter((m) => !indiceUi.includes(`'./${m}'`));
    expect(subrutasUi).toContain('dialog');
    const movidos = new Set(subrutasUi);
    const relativosIndebidos = subrutasUi.flatMap((m) => {
      const ruta = ['.tsx', '.ts']
        .map((ext) => join(RAIZ, 'shared/src/ui', m + ext))
        .find((r) => statSync(r, { throwIfNoEntry: false }));
      const texto = ruta ? readFileSync(ruta, 'utf8') : '';
      return [...texto.matchAll(/^\s*import\s+(?!type\b)[^;]*from\s+'\.\/([a-z-]+)'/gm)]
        .map((x) => x[1]!)
        .filter((dep) => !movidos.has(dep))
        .map((dep) => `${m} → ./${dep}`);
    });
    expect(relativosIndebidos).toEqual([]);
  });

  it('cada proveedor entrega el módulo (la versión de la shell de cada paquete)', async () => {
    const react = await (await PROVEEDORES.react())();
    expect(react).toHaveProperty('useState');
    const web = await (await PROVEEDORES['@cuota/shared/web']())();
    expect(web).toHaveProperty('loadConfig');
  }, 30_000);

  it('zod, el router y TanStack Query: cada función que usan los remotos está en lo que la shell provee', async () => {
    for (const [pkg, provisto] of [
      ['zod/mini', zodMiniCompartido],
      ['react-router-dom', routerCompartido],
      ['@tanstack/react-query', queryCompartido],
    ] as const) {
      const real = (await import(/* @vite-ignore */ pkg)) as Record<string, unknown>;
      const usados = [...usadosPorLosRemotos(pkg)].filter((n) => real[n] !== undefined);
      expect(usados.length, pkg).toBeGreaterThan(0);
      for (const n of usados) expect((provisto as Record<string, unknown>)[n], `${pkg}: ${n}`).toBe(real[n]);
    }
  });
});
