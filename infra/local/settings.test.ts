import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

/*
 * The local data folder holds cognito-local's users (passwords, TOTP secrets, refresh tokens) and
 * the control key: only the user running the stack may enter it, also when it was made before.
 */
const raiz = mkdtempSync(join(tmpdir(), 'cuota-carpeta-'));
afterEach(() => {
  delete process.env.CUOTA_LOCAL_DIR;
  vi.resetModules();
});

describe('crearCarpetaLocal', () => {
  it('crea la carpeta 0700 y cierra a 0700 una que ya existía abierta (0755)', async () => {
    const nueva = join(raiz, 'nueva');
    const vieja = join(raiz, 'vieja');
    mkdirSync(vieja, { mode: 0o755 });
    for (const carpeta of [nueva, vieja]) {
      process.env.CUOTA_LOCAL_DIR = carpeta;
      vi.resetModules();
      const { crearCarpetaLocal } = await import('./settings');
      crearCarpetaLocal();
      expect(statSync(carpeta).mode & 0o777).toBe(0o700);
    }
    rmSync(raiz, { recursive: true, force: true });
  });
});

describe('handlerEnv: MFA del personal', () => {
  it("localmente es 'opcional' (los usuarios demo no tienen app de autenticación), salvo que MFA_PERSONAL diga otra cosa", async () => {
    const { handlerEnv, portsFrom } = await import('./settings');
    const pool = { userPoolId: 'p', clientId: 'c' };
    expect(handlerEnv(portsFrom({}), pool).MFA_PERSONAL).toBe('opcional');
    vi.stubEnv('MFA_PERSONAL', 'obligatoria');
    try {
      expect(handlerEnv(portsFrom({}), pool).MFA_PERSONAL).toBe('obligatoria');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
