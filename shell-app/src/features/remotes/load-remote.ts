import type { RuntimeConfig } from '@cuota/shared';
import { resolveUrl } from '@cuota/shared/web';
import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { ComponentType } from 'react';

/** The remotes' entries come from /config.json at run time, so one build serves every stage. */
export function registerAppRemotes(config: RuntimeConfig): void {
  registerRemotes([
    { name: 'admin', entry: resolveUrl(config.remotes.admin), type: 'module' },
    { name: 'portal', entry: resolveUrl(config.remotes.portal), type: 'module' },
  ]);
}

/** Loads `remote/expose` and returns one of its component exports (for lazy routes). */
export async function loadRemoteComponent(id: `${'admin' | 'portal'}/${string}`, exportName: string): Promise<ComponentType> {
  const mod = await loadRemote<Record<string, unknown>>(id);
  const component = mod?.[exportName];
  if (typeof component !== 'function') throw new Error(`El módulo remoto ${id} no exporta ${exportName}`);
  return component as ComponentType;
}
