import type { RuntimeConfig } from '@cuota/shared';
import type { ComponentType } from 'react';

type Host = ReturnType<typeof import('./federacion').crearHost>;
let config: RuntimeConfig | null = null;
let host: Promise<Host> | null = null;

/** The remotes' entries come from the runtime config, so one build serves every stage. */
export function registerAppRemotes(runtime: RuntimeConfig): void {
  config = runtime;
}

/** The federation host, created (runtime and shares loaded) on the first remote page. */
function obtenerHost(): Promise<Host> {
  if (!config) return Promise.reject(new Error('Los módulos remotos no están registrados (falta la configuración)'));
  const runtime = config;
  host ??= import('./federacion').then((m) => m.crearHost(runtime));
  return host;
}

/**
 * Starts downloading the federation runtime and a remote's entry before the page asks for it
 * (e.g. while /api/me is in flight), so they arrive in parallel rather than one after another:
 * a modulepreload of the entry puts it in the module map the runtime's import() then finds.
 */
export function precargarRemoto(nombre: 'admin' | 'portal'): void {
  if (!config) return;
  void obtenerHost().catch(() => undefined);
  const href = new URL(config.remotes[nombre], document.baseURI).href;
  if (document.querySelector(`link[rel="modulepreload"][href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  document.head.appendChild(link);
}

/** Loads `remote/expose` and returns one of its component exports (for lazy routes). */
export async function loadRemoteComponent(id: `${'admin' | 'portal'}/${string}`, exportName: string): Promise<ComponentType> {
  const mod = await (await obtenerHost()).loadRemote<Record<string, unknown>>(id);
  const component = mod?.[exportName];
  if (typeof component !== 'function') throw new Error(`El módulo remoto ${id} no exporta ${exportName}`);
  return component as ComponentType;
}
