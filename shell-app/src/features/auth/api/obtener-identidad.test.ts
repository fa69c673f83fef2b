import { staffDePrueba } from '@cuota/shared/testing/datos';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { obtenerIdentidad } from './obtener-identidad';

/** GET /api/me and staff MFA: a token from before the cuota_mfa claim existed is renewed once, then asked again. */

const session = vi.hoisted(() => ({
  getIdToken: vi.fn(async () => 'token'),
  renovarSesionSinClaimMfa: vi.fn(async () => false),
}));
vi.mock('../lib/session', () => session);
const get = vi.hoisted(() => vi.fn());
vi.mock('@cuota/shared/web', async (original) => ({ ...(await original<object>()), api: { get } }));

const me = (mfa_requerida?: boolean) => staffDePrueba(['analista'], mfa_requerida === undefined ? {} : { mfa_requerida });

beforeEach(() => vi.clearAllMocks());

describe('obtenerIdentidad con MFA del personal', () => {
  it('mfa_requerida y la sesión renovada dice TOTP: se pregunta otra vez y queda lo nuevo', async () => {
    get.mockResolvedValueOnce(me(true)).mockResolvedValueOnce(me(false));
    session.renovarSesionSinClaimMfa.mockResolvedValueOnce(true);
    expect(await obtenerIdentidad()).toEqual({ status: 'signed-in', me: me(false) });
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('mfa_requerida sin renovación posible (el token ya trae el claim): se queda así, una sola llamada', async () => {
    get.mockResolvedValueOnce(me(true));
    expect(await obtenerIdentidad()).toEqual({ status: 'signed-in', me: me(true) });
    expect(session.renovarSesionSinClaimMfa).toHaveBeenCalledOnce();
    expect(get).toHaveBeenCalledOnce();
  });

  it('sin MFA pendiente (el stack local, un cliente) no se toca la sesión', async () => {
    for (const valor of [false, undefined]) {
      get.mockResolvedValueOnce(me(valor));
      expect(await obtenerIdentidad()).toEqual({ status: 'signed-in', me: me(valor) });
    }
    expect(session.renovarSesionSinClaimMfa).not.toHaveBeenCalled();
  });
});
