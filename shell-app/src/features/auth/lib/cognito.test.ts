import { ConsoleLogger } from 'aws-amplify/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@cuota/shared/web', () => ({
  getConfig: () => ({
    auth: {
      region: 'us-east-1',
      userPoolId: 'us-east-1_local',
      userPoolClientId: 'cliente',
      userPoolEndpoint: 'http://127.0.0.1:3100/cognito',
      authFlowType: 'USER_PASSWORD_AUTH',
    },
  }),
  resolveUrl: (u: string) => u,
}));

// only fetchAuthSession is replaced (renovarSiElClaimCambia); the rest is Amplify's own
const fetchAuthSession = vi.hoisted(() => vi.fn());
vi.mock('aws-amplify/auth', async (original) => ({ ...(await original<object>()), fetchAuthSession }));

afterEach(() => vi.restoreAllMocks());

describe('configuración de Amplify con el endpoint local de Cognito', () => {
  it('no imprime el aviso de "custom endpoint" al cargar, y los demás avisos de Amplify siguen saliendo', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await import('./cognito');
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/custom .*endpoint/i);
    expect(ConsoleLogger.LOG_LEVEL).toBeNull();

    new ConsoleLogger('Auth').warn('otro aviso');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('otro aviso'));
  });
});

describe('renovarSiElClaimCambia (MFA del personal)', () => {
  it('renueva la sesión solo si el token trae cuota_mfa y dice otra cosa', async () => {
    const { renovarSiElClaimCambia } = await import('./cognito');
    const sesion = (payload: Record<string, unknown>) => ({ tokens: { idToken: { payload, toString: () => 't' } } });

    fetchAuthSession.mockResolvedValue(sesion({ sub: 'u', cuota_mfa: 'no' }));
    await renovarSiElClaimCambia('totp');
    expect(fetchAuthSession).toHaveBeenLastCalledWith({ forceRefresh: true });

    fetchAuthSession.mockClear();
    fetchAuthSession.mockResolvedValue(sesion({ sub: 'u', cuota_mfa: 'totp' }));
    await renovarSiElClaimCambia('totp');
    fetchAuthSession.mockResolvedValue(sesion({ sub: 'u' }));
    await renovarSiElClaimCambia('no');
    expect(fetchAuthSession).toHaveBeenCalledTimes(2);
    expect(fetchAuthSession).not.toHaveBeenCalledWith({ forceRefresh: true });
  });
});
