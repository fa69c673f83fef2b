import type { Me } from '@cuota/shared/schemas/me';
import { clienteDePrueba } from '@cuota/shared/testing';
import { describe, expect, it } from 'vitest';
import { decideAccess, homeAfterLogin, type Identity } from './guard';

const cliente = clienteDePrueba();

function me(roles: Me['roles'], withCliente: boolean): Identity {
  return {
    status: 'signed-in',
    me: { userId: 'u1', email: 'ana@example.com', nombre: 'Ana', apellido: 'Mora', roles, cliente: withCliente ? cliente : null },
  };
}

const signedOut: Identity = { status: 'signed-out' };
const unverified: Identity = { status: 'unverified' };

describe('decideAccess', () => {
  describe('páginas de staff', () => {
    it('sin sesión va a /auth?tab=admin', () => {
      expect(decideAccess('staff', signedOut)).toEqual({ type: 'redirect', to: '/auth?tab=admin' });
    });
    it('con sesión pero sin rol va a /portal', () => {
      expect(decideAccess('staff', me([], true))).toEqual({ type: 'redirect', to: '/portal' });
      expect(decideAccess('staff', me([], false))).toEqual({ type: 'redirect', to: '/portal' });
    });
    it('si la verificación de rol falla se trata como no admin', () => {
      expect(decideAccess('staff', unverified)).toEqual({ type: 'redirect', to: '/portal' });
    });
    it.each([['admin'], ['analista'], ['cobrador']] as const)('permite el rol %s', (role) => {
      expect(decideAccess('staff', me([role], false))).toEqual({ type: 'allow' });
    });
  });

  describe('/dashboard', () => {
    it('sin sesión va a /auth', () => {
      expect(decideAccess('dashboard', signedOut)).toEqual({ type: 'redirect', to: '/auth' });
    });
    it('con rol se queda', () => {
      expect(decideAccess('dashboard', me(['cobrador'], true))).toEqual({ type: 'allow' });
    });
    it('sin rol pero con cliente va a /portal', () => {
      expect(decideAccess('dashboard', me([], true))).toEqual({ type: 'redirect', to: '/portal' });
    });
    it('sin rol ni cliente va a /auth', () => {
      expect(decideAccess('dashboard', me([], false))).toEqual({ type: 'redirect', to: '/auth' });
    });
    it('si la verificación de rol falla va a /auth', () => {
      expect(decideAccess('dashboard', unverified)).toEqual({ type: 'redirect', to: '/auth' });
    });
  });

  describe('/portal y /configuracion', () => {
    it('sin sesión va a /auth', () => {
      expect(decideAccess('signed-in', signedOut)).toEqual({ type: 'redirect', to: '/auth' });
    });
    it('cualquier usuario con sesión entra', () => {
      expect(decideAccess('signed-in', me([], false))).toEqual({ type: 'allow' });
      expect(decideAccess('signed-in', me(['admin'], false))).toEqual({ type: 'allow' });
      expect(decideAccess('signed-in', unverified)).toEqual({ type: 'allow' });
    });
  });
});

describe('homeAfterLogin', () => {
  it('el staff va a /clientes y los demás a /portal', () => {
    expect(homeAfterLogin(me(['analista'], false))).toBe('/clientes');
    expect(homeAfterLogin(me([], true))).toBe('/portal');
    expect(homeAfterLogin(unverified)).toBe('/portal');
  });
});
