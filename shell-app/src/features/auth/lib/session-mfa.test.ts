import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Staff MFA after the rollout: a token issued before the PreTokenGeneration trigger has no
 * `cuota_mfa` claim, so the API refuses it even for staff who enrolled. It is renewed once per page.
 */

const b64url = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: object) => `${b64url({ alg: 'RS256' })}.${b64url({ sub: 'u1', ...claims })}.firma`;

// the token Amplify holds, and what renewing it gives (the lazily loaded Amplify module)
const amplify = vi.hoisted(() => ({
  token: '' as string | null,
  despues: '' as string | null,
  idToken: vi.fn(async () => amplify.token),
  renovarSesion: vi.fn(async () => {
    amplify.token = amplify.despues;
  }),
}));
vi.mock('./cognito', () => amplify);
vi.mock('@cuota/shared/web', async (original) => ({
  ...(await original<object>()),
  getConfig: () => ({ auth: { userPoolClientId: 'cliente-sin-guardar' } }),
}));

/** A fresh module: the once-per-page flag starts clear. */
async function sesion() {
  vi.resetModules();
  return import('./session');
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe('claimMfaDe', () => {
  it("lee 'totp' o 'no' del token; sin el claim, sin token o ilegible: undefined", async () => {
    const { claimMfaDe } = await sesion();
    expect(claimMfaDe(jwt({ cuota_mfa: 'totp' }))).toBe('totp');
    expect(claimMfaDe(jwt({ cuota_mfa: 'no' }))).toBe('no');
    expect(claimMfaDe(jwt({}))).toBeUndefined();
    expect(claimMfaDe(null)).toBeUndefined();
    expect(claimMfaDe('a.%%%.c')).toBeUndefined();
  });
});

describe('renovarSesionSinClaimMfa', () => {
  it('un token sin el claim se renueva una sola vez; true si el nuevo dice totp', async () => {
    const { renovarSesionSinClaimMfa } = await sesion();
    amplify.token = jwt({});
    amplify.despues = jwt({ cuota_mfa: 'totp' });
    expect(await renovarSesionSinClaimMfa()).toBe(true);
    expect(amplify.renovarSesion).toHaveBeenCalledOnce();

    // the page's second refusal: no second refresh, whatever the token says
    amplify.token = jwt({});
    expect(await renovarSesionSinClaimMfa()).toBe(false);
    expect(amplify.renovarSesion).toHaveBeenCalledOnce();
  });

  it("renovado sin app de autenticación ('no'), o sin claim (el pool local): false", async () => {
    for (const despues of [jwt({ cuota_mfa: 'no' }), jwt({})]) {
      const { renovarSesionSinClaimMfa } = await sesion();
      amplify.token = jwt({});
      amplify.despues = despues;
      expect(await renovarSesionSinClaimMfa()).toBe(false);
    }
    expect(amplify.renovarSesion).toHaveBeenCalledTimes(2);
  });

  it("un token con el claim no se renueva: su respuesta vale ('no' lleva a activar la app)", async () => {
    const { renovarSesionSinClaimMfa } = await sesion();
    amplify.token = jwt({ cuota_mfa: 'no' });
    expect(await renovarSesionSinClaimMfa()).toBe(false);
    amplify.token = null;
    expect(await renovarSesionSinClaimMfa()).toBe(false);
    expect(amplify.renovarSesion).not.toHaveBeenCalled();
  });

  it('una renovación que falla (cognito-local tras un inicio con código) cuenta como no renovada, y no se repite', async () => {
    const { renovarSesionSinClaimMfa } = await sesion();
    amplify.token = jwt({});
    amplify.renovarSesion.mockRejectedValueOnce(new Error('NotAuthorizedException'));
    const aviso = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await renovarSesionSinClaimMfa()).toBe(false);
    expect(await renovarSesionSinClaimMfa()).toBe(false);
    expect(amplify.renovarSesion).toHaveBeenCalledOnce();
    expect(aviso).toHaveBeenCalled();
  });
});
