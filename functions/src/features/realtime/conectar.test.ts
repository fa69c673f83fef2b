import { CODIGO_MFA_REQUERIDA } from '@cuota/shared/roles';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** $connect and staff MFA: the token is checked by jose (mocked here), the session by acceso.ts (mocked). */
const payload = vi.hoisted(() => ({ actual: null as Record<string, unknown> | null }));
const guardadas = vi.hoisted(() => [] as string[]);

vi.mock('#commons/jwt', () => ({ verifyIdToken: async () => payload.actual }));
vi.mock('#commons/acceso', () => ({
  rolesVigentes: async (_sub: string, roles: string[]) => roles,
}));
vi.mock('./connections', () => ({
  guardarConexion: async (userId: string) => void guardadas.push(userId),
}));

const { handler } = await import('./conectar');

const conectar = () =>
  handler({ requestContext: { connectionId: 'con-1' }, queryStringParameters: { token: 't' } } as unknown as Parameters<
    typeof handler
  >[0]) as Promise<{ statusCode: number; body: string }>;

beforeEach(() => {
  guardadas.length = 0;
  vi.stubEnv('MFA_PERSONAL', 'obligatoria');
});
afterEach(() => vi.unstubAllEnvs());

describe('$connect con MFA_PERSONAL', () => {
  it('el personal sin TOTP recibe 403 MFA_REQUERIDA y no se guarda la conexión', async () => {
    payload.actual = { sub: 'p-1', iat: 1, 'cognito:groups': ['cobrador'], cuota_mfa: 'no' };
    expect(await conectar()).toEqual({ statusCode: 403, body: CODIGO_MFA_REQUERIDA });
    payload.actual = { sub: 'p-1', iat: 1, 'cognito:groups': ['cobrador'] };
    expect((await conectar()).statusCode).toBe(403);
    expect(guardadas).toEqual([]);
  });

  it('el personal con TOTP y el cliente se conectan; en modo opcional también el personal sin TOTP', async () => {
    payload.actual = { sub: 'p-1', iat: 1, 'cognito:groups': ['admin'], cuota_mfa: 'totp' };
    expect((await conectar()).statusCode).toBe(200);
    payload.actual = { sub: 'c-1', iat: 1 };
    expect((await conectar()).statusCode).toBe(200);
    vi.stubEnv('MFA_PERSONAL', 'opcional');
    payload.actual = { sub: 'p-2', iat: 1, 'cognito:groups': ['analista'], cuota_mfa: 'no' };
    expect((await conectar()).statusCode).toBe(200);
    expect(guardadas).toEqual(['p-1', 'c-1', 'p-2']);
  });

  it('sin token válido sigue siendo 401', async () => {
    payload.actual = null;
    expect((await conectar()).statusCode).toBe(401);
  });
});
