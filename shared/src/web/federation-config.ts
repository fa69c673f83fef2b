/**
 * Build-time module-federation settings the shell and both remotes agree on. Every package with
 * module state, or big enough that a second copy would cost a phone a download, is a singleton
 * the shell provides: React, the router, TanStack Query contexts, zod (its global
 * config; the shell provides only the functions the remotes call), and the entries of @cuota/shared
 * that hold state or that both sides use on every screen: `web` (the loaded config and the auth
 * bridge), `ui` (the one toast store), and the general texts. A sub-path import is its
 * own share key. The rest of @cuota/shared (schemas, domain, each area's texts) holds no state: a
 * remote imports each module by its own path and bundles it into the chunk of the page that uses
 * it, so the first screen downloads only its own schemas and texts. A module with state missing
 * from this list would be bundled again into the remote (the bench's duplicate check fails).
 *
 * The shell does not build with the federation plugin: it provides these modules itself at run
 * time (shell-app/src/features/remotes/federacion.ts, one dynamic import per key, checked against
 * this list by a test), so the landing downloads neither the federation runtime nor the shares.
 *
 * Not shares, on purpose: react-hook-form, @hookform/resolvers/zod and @cuota/shared/documents.
 * A share is initialised by the remote's entry before any page runs, so each was downloaded on
 * every first screen; bundled, each app loads its own copy with the pages that use it. Nothing
 * shared by the shell uses react-hook-form at run time (no FormProvider, useFormContext or
 * Controller in shared/src: a form's methods are passed in), so no form context crosses from
 * the shell to a remote; the documents keep no state (the toast and the fetch are passed in).
 */
export const REMOTE_NAMES = { admin: 'admin', portal: 'portal' } as const;

export const FEDERATION_SHARED = {
  react: { singleton: true },
  'react/jsx-runtime': { singleton: true },
  'react-dom': { singleton: true },
  'react-router-dom': { singleton: true },
  '@tanstack/react-query': { singleton: true },
  'zod/mini': { singleton: true },
  '@cuota/shared/ui': { singleton: true },
  '@cuota/shared/web': { singleton: true },
  '@cuota/shared/texts/general': { singleton: true },
  '@cuota/shared/texts/reportes': { singleton: true },
} as const;

export type ShareKey = keyof typeof FEDERATION_SHARED;

/** The React packages keep a fallback copy in the remotes' builds; the others are always the shell's. */
const CON_RESPALDO: readonly ShareKey[] = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-router-dom',
  '@tanstack/react-query',
];

/**
 * The remotes' view of the same list: the shell always provides every key, so for all but React
 * and its companions the remotes bundle no fallback copy (`import: false`) and download only
 * their own code.
 */
export const REMOTE_FEDERATION_SHARED = Object.fromEntries(
  Object.entries(FEDERATION_SHARED).map(([key, value]) => [
    key,
    CON_RESPALDO.includes(key as ShareKey) ? value : { ...value, import: false as const },
  ]),
) as Record<ShareKey, { singleton: true; import?: false }>;

/**
 * The remotes use the shell's federation runtime (`globalThis._FEDERATION_RUNTIME_CORE`, set by
 * the shell before it loads a remote entry) instead of bundling a second copy of it.
 */
export const REMOTE_FEDERATION_EXPERIMENTS = { externalRuntime: true } as const;

/** The package whose version a share key stands for (`zod/mini` → `zod`, `@cuota/shared/ui` → `@cuota/shared`). */
export function paqueteDe(key: string): string {
  const partes = key.split('/');
  return key.startsWith('@') ? partes.slice(0, 2).join('/') : partes[0]!;
}

/** What a remote's `precarga.json` lists: the chunks its entry needs at start, and those of each exposed module. */
export interface ListaDePrecarga {
  comun: string[];
  exposes: Record<string, string[]>;
}

interface Trozo {
  type: 'chunk';
  fileName: string;
  imports: string[];
  dynamicImports: string[];
  facadeModuleId: string | null;
}

/**
 * Vite plugin for a remote: writes `precarga.json` next to remoteEntry.js with the chunks that
 * loading an exposed module fetches one after another (the entry's helpers, the share map, the
 * exposed chunk and its static imports; never the fallback `__prebuild__` copies of the shares).
 * The shell adds a modulepreload for each while /api/me runs, so they arrive in one parallel wave
 * instead of a round trip each.
 */
export function precargaFederada(exposes: Record<string, string>, entrada = 'remoteEntry.js') {
  return {
    name: 'cuota-precarga-federada',
    apply: 'build' as const,
    generateBundle(
      this: { emitFile: (f: { type: 'asset'; fileName: string; source: string }) => void },
      _opciones: unknown,
      bundle: Record<string, { type: string }>,
    ) {
      const trozos = new Map(
        Object.values(bundle)
          .filter((c): c is Trozo => c.type === 'chunk')
          .map((c) => [c.fileName, c]),
      );
      const dePrecarga = (archivo: string) => !/__prebuild__/.test(archivo) && archivo !== entrada;
      const estaticos = (desde: string[], vistos = new Set<string>()): Set<string> => {
        for (const f of desde.filter(dePrecarga)) {
          if (vistos.has(f)) continue;
          vistos.add(f);
          estaticos(trozos.get(f)?.imports ?? [], vistos);
        }
        return vistos;
      };
      const trozoDe = (fuente: string) =>
        [...trozos.values()].find((c) => c.facadeModuleId?.endsWith(fuente.replace(/^\.\//, '/')))?.fileName;
      const porExpose = Object.fromEntries(
        Object.entries(exposes).flatMap(([expose, fuente]) => {
          const archivo = trozoDe(fuente);
          return archivo ? [[expose, archivo] as const] : [];
        }),
      );
      const deExposes = new Set(Object.values(porExpose));
      const raiz = trozos.get(entrada);
      const lista: ListaDePrecarga = {
        comun: [...estaticos([...(raiz?.imports ?? []), ...(raiz?.dynamicImports ?? []).filter((d) => !deExposes.has(d))])],
        exposes: Object.fromEntries(Object.entries(porExpose).map(([expose, archivo]) => [expose, [...estaticos([archivo])]])),
      };
      this.emitFile({ type: 'asset', fileName: 'precarga.json', source: JSON.stringify(lista) });
    },
  };
}
