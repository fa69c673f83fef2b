import { CODIGO_MFA_REQUERIDA, TEXTS } from '@cuota/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, ANALISTA, apiEvent, call, COBRADOR, type TestCaller } from '../../test/events';
import { rutaActualizarCliente } from '#features/clientes/routes';
import { rutaObtenerMe } from '#features/identidad/routes';
import { ROUTES } from '../manifest';
import { callerFrom, exigeMfa, modoMfaPersonal, type Caller } from './auth';
import { MfaRequeridaError } from './errors';
import { authorize, defineRoute, RUTAS_SIN_MFA } from './http';
import type { RouteDef } from './route-def';

/** Staff MFA (MFA_PERSONAL): staff routes refuse a staff token without the `cuota_mfa: totp` claim. */

const personal = (mfa?: 'totp' | 'no'): Caller => ({
  userId: 'u-1',
  email: 'ana@prueba.cr',
  nombre: null,
  apellido: null,
  roles: ['analista'],
  isStaff: true,
  ...(mfa ? { mfa } : {}),
});
const cliente: Caller = {
  userId: 'c-1',
  email: 'c@prueba.cr',
  nombre: null,
  apellido: null,
  roles: [],
  isStaff: false,
  mfa: null,
};
const ruta = (access: RouteDef['access'], roles?: RouteDef['roles'], id = 'prueba') => ({ id, access, roles }) as RouteDef;
const delManifiesto = (id: string) => ROUTES.find((r) => r.id === id)! as RouteDef;

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('modoMfaPersonal', () => {
  it("solo 'opcional' lo deja opcional; sin la variable, o con otro valor, es obligatoria (falla cerrado)", () => {
    expect(modoMfaPersonal({ MFA_PERSONAL: 'opcional' })).toBe('opcional');
    expect(modoMfaPersonal({ MFA_PERSONAL: ' opcional ' })).toBe('opcional');
    expect(modoMfaPersonal({ MFA_PERSONAL: 'obligatoria' })).toBe('obligatoria');
    expect(modoMfaPersonal({})).toBe('obligatoria');
    expect(modoMfaPersonal({ MFA_PERSONAL: 'Opcional?' })).toBe('obligatoria');
  });

  it('exigeMfa: personal sin TOTP en modo obligatoria; nunca a un cliente ni en modo opcional', () => {
    expect(exigeMfa(['admin'], 'no', 'obligatoria')).toBe(true);
    expect(exigeMfa(['admin'], null, 'obligatoria')).toBe(true);
    expect(exigeMfa(['admin'], 'totp', 'obligatoria')).toBe(false);
    expect(exigeMfa([], null, 'obligatoria')).toBe(false);
    expect(exigeMfa(['cobrador'], 'no', 'opcional')).toBe(false);
  });
});

describe('authorize con MFA_PERSONAL=obligatoria', () => {
  it('una ruta de personal rechaza al personal sin TOTP con 403 MFA_REQUERIDA', () => {
    vi.stubEnv('MFA_PERSONAL', 'obligatoria');
    for (const sin of [personal(), personal('no')]) {
      expect(() => authorize(ruta('staff'), sin)).toThrow(MfaRequeridaError);
    }
    const error = (() => {
      try {
        authorize(ruta('staff', ['analista']), personal('no'));
      } catch (e) {
        return e as MfaRequeridaError;
      }
    })();
    expect(error).toMatchObject({ status: 403, code: CODIGO_MFA_REQUERIDA, message: TEXTS.errors.mfaRequerida });
  });

  it('con el claim totp pasa; un rol que la ruta no admite sigue siendo FORBIDDEN, no MFA', () => {
    vi.stubEnv('MFA_PERSONAL', 'obligatoria');
    expect(() => authorize(ruta('staff'), personal('totp'))).not.toThrow();
    expect(() => authorize(ruta('staff', ['admin']), personal('no'))).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });

  it('al personal sin TOTP, de las rutas de usuario solo le quedan /api/me, su perfil y su contraseña', () => {
    vi.stubEnv('MFA_PERSONAL', 'obligatoria');
    for (const id of ['obtener-me', 'obtener-perfil', 'actualizar-perfil', 'cambiar-contrasena']) {
      expect(() => authorize(delManifiesto(id), personal('no')), id).not.toThrow();
      expect(() => authorize(delManifiesto(id), personal()), id).not.toThrow();
    }
    // its notifications speak about customers; the settings and payment methods are the business's
    const rechazadas = [
      'listar-notificaciones',
      'contar-notificaciones-no-leidas',
      'marcar-notificacion-leida',
      'listar-configuracion',
      'listar-metodos-pago',
      'listar-productos-activos',
    ];
    for (const id of rechazadas) {
      expect(delManifiesto(id)?.access, id).toBe('user');
      expect(() => authorize(delManifiesto(id), personal('no')), id).toThrow(MfaRequeridaError);
      expect(() => authorize(delManifiesto(id), personal()), id).toThrow(MfaRequeridaError);
      expect(() => authorize(delManifiesto(id), personal('totp')), id).not.toThrow();
    }
  });

  it('al cliente nada le pide MFA: rutas de usuario (notificaciones incluidas), del cliente, públicas', () => {
    vi.stubEnv('MFA_PERSONAL', 'obligatoria');
    for (const r of ROUTES.filter((r) => r.access === 'user' || r.access === 'cliente')) {
      expect(() => authorize(r as RouteDef, cliente), r.id).not.toThrow();
    }
    expect(() => authorize(ruta('public'), null)).not.toThrow();
    expect(() => authorize(ruta('public'), personal('no'))).not.toThrow();
  });

  it('la lista de rutas sin MFA es corta y solo de rutas de usuario del manifiesto', () => {
    for (const id of RUTAS_SIN_MFA) expect(delManifiesto(id)?.access, id).toBe('user');
    expect([...RUTAS_SIN_MFA].sort()).toEqual(['actualizar-perfil', 'cambiar-contrasena', 'obtener-me', 'obtener-perfil']);
  });

  it('en modo opcional el personal sin TOTP pasa', () => {
    vi.stubEnv('MFA_PERSONAL', 'opcional');
    expect(() => authorize(ruta('staff'), personal('no'))).not.toThrow();
    expect(() => authorize(ruta('staff'), personal())).not.toThrow();
  });
});

describe('defineRoute y el claim cuota_mfa del token', () => {
  /** The event the JWT authorizer hands over, with the trigger's claim when given. */
  function evento(id: Parameters<typeof apiEvent>[0], caller: TestCaller, mfa: string | undefined, extra = {}) {
    const event = apiEvent(id, { caller, ...extra });
    if (mfa !== undefined) event.requestContext.authorizer!.jwt.claims.cuota_mfa = mfa;
    return event;
  }

  it('callerFrom lee el claim; un valor desconocido no cuenta como TOTP', () => {
    expect(callerFrom(evento('obtener-me', ADMIN, 'totp'))?.mfa).toBe('totp');
    expect(callerFrom(evento('obtener-me', ADMIN, 'no'))?.mfa).toBe('no');
    expect(callerFrom(evento('obtener-me', ADMIN, 'TOTP'))?.mfa).toBeNull();
    expect(callerFrom(evento('obtener-me', ADMIN, undefined))?.mfa).toBeNull();
  });

  it('una ruta de personal responde 403 MFA_REQUERIDA sin TOTP y corre con TOTP; /api/me responde igual', async () => {
    vi.stubEnv('MFA_PERSONAL', 'obligatoria');
    const impl = vi.fn(async () => ({ ok: true }));
    const actualizar = defineRoute(rutaActualizarCliente, impl);
    const body = { nombre: 'Ana' };
    const sin = await call(actualizar, evento('actualizar-cliente', ANALISTA, 'no', { params: { id: 'c-1' }, body }));
    expect(sin).toMatchObject({ status: 403, body: { code: CODIGO_MFA_REQUERIDA, message: TEXTS.errors.mfaRequerida } });
    expect(impl).not.toHaveBeenCalled();

    const con = await call(actualizar, evento('actualizar-cliente', ANALISTA, 'totp', { params: { id: 'c-1' }, body }));
    expect(con.status).toBe(200);
    expect(impl).toHaveBeenCalledOnce();

    const me = vi.fn(async () => ({}));
    const obtenerMe = defineRoute(rutaObtenerMe, me);
    expect((await call(obtenerMe, evento('obtener-me', COBRADOR, 'no'))).status).toBe(200);
    expect(me).toHaveBeenCalledOnce();
  });

  it('/api/me dice mfa_requerida: true al personal sin TOTP cuando se exige; false con TOTP, al cliente o en modo opcional', async () => {
    const { handler: obtenerMe } = await import('#features/identidad/obtener-me');
    const requerida = async (caller: TestCaller, mfa: string | undefined) => {
      const res = await call(obtenerMe, evento('obtener-me', caller, mfa));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as { mfa_requerida: boolean }).mfa_requerida;
    };
    vi.stubEnv('MFA_PERSONAL', 'obligatoria');
    expect(await requerida(COBRADOR, 'no')).toBe(true);
    expect(await requerida(COBRADOR, undefined)).toBe(true);
    expect(await requerida(COBRADOR, 'totp')).toBe(false);
    expect(await requerida({ sub: 'cliente-mfa-me' }, undefined)).toBe(false);
    vi.stubEnv('MFA_PERSONAL', 'opcional');
    expect(await requerida(COBRADOR, 'no')).toBe(false);
  });
});
