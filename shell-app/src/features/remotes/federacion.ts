/**
 * The federation host, loaded on the first remote page only (the landing and /auth never
 * download it). It publishes the runtime for the remotes, built with `externalRuntime`, so the
 * page runs one copy of it, and provides every share of FEDERATION_SHARED from the shell's own
 * modules: a remote never downloads a second React, zod or @cuota/shared. (react-hook-form and the
 * documents are no shares: see FEDERATION_SHARED.)
 */
import type { RuntimeConfig } from '@cuota/shared/config';
import { resolveUrl } from '@cuota/shared/web';
import { createInstance } from '@module-federation/runtime';
import * as runtimeCore from '@module-federation/runtime/core';
import type { ShareKey } from '../../../../shared/src/web/federation-config';

declare const __VERSIONES_COMPARTIDAS__: Record<string, string>;

type Modulo = Record<string, unknown>;
const proveer = (cargar: () => Promise<Modulo>) => async () => {
  const modulo = await cargar();
  return () => modulo;
};

/** One dynamic import per share key: Vite needs the specifier written out (a test checks the keys against the list). */
export const PROVEEDORES: Record<ShareKey, () => Promise<() => Modulo>> = {
  react: proveer(() => import('react')),
  'react/jsx-runtime': proveer(() => import('react/jsx-runtime')),
  'react-dom': proveer(() => import('react-dom')),
  'react-router-dom': proveer(() => import('./router-compartido')),
  '@tanstack/react-query': proveer(() => import('./query-compartido')),
  'zod/mini': proveer(() => import('./zod-mini-compartido')),
  '@cuota/shared/ui': proveer(() => import('@cuota/shared/ui')),
  '@cuota/shared/web': proveer(() => import('@cuota/shared/web')),
  '@cuota/shared/texts/general': proveer(() => import('@cuota/shared/texts/general')),
  '@cuota/shared/texts/reportes': proveer(() => import('@cuota/shared/texts/reportes')),
};

const versiones = typeof __VERSIONES_COMPARTIDAS__ === 'undefined' ? {} : __VERSIONES_COMPARTIDAS__;

/** The host instance for this page's config; the remotes' entries are fetched on their first loadRemote. */
export function crearHost(config: RuntimeConfig) {
  const global = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown };
  global._FEDERATION_RUNTIME_CORE ??= runtimeCore;
  // The shares are small chunks of the shell's that a remote would otherwise request one after
  // another while it starts: request them all now, in parallel.
  for (const cargar of Object.values(PROVEEDORES)) void cargar().catch(() => undefined);
  return createInstance({
    name: 'shell',
    remotes: [
      { name: 'admin', entry: resolveUrl(config.remotes.admin), type: 'module' },
      { name: 'portal', entry: resolveUrl(config.remotes.portal), type: 'module' },
    ],
    // loaded-first: a remote's shares come from what the shell provides, without fetching the
    // other remote's entry to compare versions (version-first would download both entries).
    shareStrategy: 'loaded-first',
    shared: Object.fromEntries(
      Object.entries(PROVEEDORES).map(([key, get]) => [
        key,
        { version: versiones[key] ?? '0.0.0', get, shareConfig: { singleton: true, requiredVersion: false as const } },
      ]),
    ),
  });
}
