import type { RuntimeConfig } from '@cuota/shared/config';
import type { ComponentType } from 'react';
import type { ListaDePrecarga } from '../../../../shared/src/web/federation-config';

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

function precargarModulo(href: string): void {
  if (document.querySelector(`link[rel="modulepreload"][href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  document.head.appendChild(link);
}

/** The remote's module a path renders: `./portal` (the summary) or `./paginas`, or the admin module named by the first segment. */
export function exposeDe(nombre: 'admin' | 'portal', pathname: string): string {
  if (nombre === 'portal') return pathname.split('/').filter(Boolean).length > 1 ? './paginas' : './portal';
  const primero = pathname.split('/').filter(Boolean)[0] ?? '';
  return primero === 'pagos' ? './creditos' : `./${primero}`;
}

/**
 * Starts downloading, before the page asks for them (e.g. while /api/me is in flight), the
 * federation runtime and the shell's shares, the remote's entry, and the chunks its
 * `precarga.json` lists for the page's module: one parallel wave of modulepreloads instead of a
 * round trip per chunk. The runtime's later import() finds them in the module map.
 */
export function precargarRemoto(nombre: 'admin' | 'portal', pathname = '/'): void {
  if (!config) return;
  void obtenerHost().catch(() => undefined);
  const entrada = new URL(config.remotes[nombre], document.baseURI);
  precargarModulo(entrada.href);
  void fetch(new URL('precarga.json', entrada))
    .then((res) => (res.ok ? (res.json() as Promise<ListaDePrecarga>) : null))
    .then((lista) => {
      if (!lista) return;
      for (const archivo of [...lista.comun, ...(lista.exposes[exposeDe(nombre, pathname)] ?? [])])
        precargarModulo(new URL(archivo, entrada).href);
    })
    .catch(() => undefined);
}

/** Loads `remote/expose` and returns one of its component exports (for lazy routes). */
export async function loadRemoteComponent(id: `${'admin' | 'portal'}/${string}`, exportName: string): Promise<ComponentType> {
  const mod = await (await obtenerHost()).loadRemote<Record<string, unknown>>(id);
  const component = mod?.[exportName];
  if (typeof component !== 'function') throw new Error(`El módulo remoto ${id} no exporta ${exportName}`);
  return component as ComponentType;
}
