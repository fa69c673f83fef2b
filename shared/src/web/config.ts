import * as z from 'zod/mini';
import type { RuntimeConfig } from '../config';
import { CONFIG_INLINE_ID } from '../rutas';

export { CONFIG_INLINE_ID };

const runtimeConfigSchema = z.object({
  stage: z.enum(['local', 'aws']),
  apiUrl: z.string(),
  wsUrl: z.string(),
  auth: z.object({
    region: z.string(),
    userPoolId: z.string().check(z.minLength(1)),
    userPoolClientId: z.string().check(z.minLength(1)),
    userPoolEndpoint: z.optional(z.string()),
    authFlowType: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  }),
  remotes: z.object({ admin: z.string().check(z.minLength(1)), portal: z.string().check(z.minLength(1)) }),
}) satisfies z.ZodMiniType<RuntimeConfig>;

let loading: Promise<RuntimeConfig> | null = null;
let current: RuntimeConfig | null = null;

function validar(datos: unknown, origen: string): RuntimeConfig {
  const parsed = runtimeConfigSchema.safeParse(datos);
  if (!parsed.success) throw new Error(`${origen} no es válido: ${parsed.error.message}`);
  return parsed.data;
}

/** The config inlined in the page (`<script type="application/json" id="cuota-config">`), if any. */
function configEnLaPagina(): RuntimeConfig | null {
  const texto = globalThis.document?.getElementById(CONFIG_INLINE_ID)?.textContent;
  if (!texto) return null;
  try {
    return validar(JSON.parse(texto), `#${CONFIG_INLINE_ID}`);
  } catch (error) {
    console.error('La configuración de la página no es válida; se pide /config.json', error);
    return null;
  }
}

/**
 * The runtime config, once per page: inlined by the origin into index.html (local origin and
 * CloudFront deployment), or else fetched from `/config.json`. The shell loads it before its
 * first session page; remotes share this module as a federation singleton, so they read the
 * same value with getConfig().
 */
export function loadConfig(url = '/config.json'): Promise<RuntimeConfig> {
  if (!loading) {
    const enLinea = configEnLaPagina();
    if (enLinea) {
      current = enLinea;
      loading = Promise.resolve(enLinea);
      return loading;
    }
  }
  loading ??= fetch(url, { cache: 'no-store' })
    .then(async (res) => {
      if (!res.ok) throw new Error(`No se pudo cargar ${url} (${res.status})`);
      current = validar(await res.json(), url);
      return current;
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
