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
