import * as z from 'zod';
import type { RuntimeConfig } from '../config';

const runtimeConfigSchema = z.object({
  stage: z.enum(['local', 'aws']),
  apiUrl: z.string(),
  wsUrl: z.string(),
  auth: z.object({
    region: z.string(),
    userPoolId: z.string().min(1),
    userPoolClientId: z.string().min(1),
    userPoolEndpoint: z.string().optional(),
    authFlowType: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  }),
  remotes: z.object({ admin: z.string().min(1), portal: z.string().min(1) }),
}) satisfies z.ZodType<RuntimeConfig>;

let loading: Promise<RuntimeConfig> | null = null;
let current: RuntimeConfig | null = null;

/**
 * Fetches `/config.json` once per page. The shell awaits it before rendering; remotes share
 * this module as a federation singleton, so they read the same loaded value with getConfig().
 */
export function loadConfig(url = '/config.json'): Promise<RuntimeConfig> {
  loading ??= fetch(url, { cache: 'no-store' })
    .then(async (res) => {
      if (!res.ok) throw new Error(`No se pudo cargar ${url} (${res.status})`);
      const parsed = runtimeConfigSchema.safeParse(await res.json());
      if (!parsed.success) throw new Error(`${url} no es válido: ${parsed.error.message}`);
      current = parsed.data;
      return parsed.data;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

export function getConfig(): RuntimeConfig {
  if (!current) throw new Error('La configuración aún no se ha cargado (loadConfig)');
  return current;
}

/** Tests and the shell's bootstrap can provide a config without fetching. */
export function setConfig(config: RuntimeConfig | null): void {
  current = config;
  loading = config ? Promise.resolve(config) : null;
}

/** Resolves a remote entry from config (absolute, or a path on the page's origin). */
export function resolveUrl(pathOrUrl: string, base: string = globalThis.location?.href ?? 'http://localhost/'): string {
  return new URL(pathOrUrl, base).toString();
}
