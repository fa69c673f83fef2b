/**
 * Build-time module-federation settings the shell and both remotes agree on. Every package with
 * module state, or big enough that a second copy would cost a phone a download, is a singleton
 * the shell provides: React, the router, TanStack Query and react-hook-form contexts, zod (its global
 * config; the shell provides only the functions the remotes call), and @cuota/shared, whose `web` entry holds the loaded config and the auth bridge and
 * whose `ui` entry holds the one toast store. A sub-path import (`zod/mini`, `@cuota/shared/documents`,
 * `@cuota/shared/texts/…`) is its own share key: one missing from this list is bundled again into
 * the remote that imports it (the bench's duplicate check fails when that happens).
 *
 * The shell does not build with the federation plugin: it provides these modules itself at run
 * time (shell-app/src/features/remotes/federacion.ts, one dynamic import per key, checked against
 * this list by a test), so the landing downloads neither the federation runtime nor the shares.
 */
export const REMOTE_NAMES = { admin: 'admin', portal: 'portal' } as const;

export const FEDERATION_SHARED = {
  react: { singleton: true },
  'react/jsx-runtime': { singleton: true },
  'react-dom': { singleton: true },
  'react-router-dom': { singleton: true },
  '@tanstack/react-query': { singleton: true },
  'react-hook-form': { singleton: true },
  '@hookform/resolvers/zod': { singleton: true },
  zod: { singleton: true },
  'zod/mini': { singleton: true },
  '@cuota/shared': { singleton: true },
  '@cuota/shared/ui': { singleton: true },
  '@cuota/shared/web': { singleton: true },
  '@cuota/shared/documents': { singleton: true },
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
