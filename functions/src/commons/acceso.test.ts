import { TEXTS } from '@cuota/shared';
import type { StaffRole } from '@cuota/shared/roles';
import { describe, expect, it, vi } from 'vitest';
import type { Acceso } from '#entities/acceso';
import { accesoDeItem } from '#entities/acceso';
import { escribirTransaccion } from './transaccion';
import {
  ACCESO_CACHE_MS,
  accesoUpdate,
  callerVigente,
  crearCacheAcceso,
  decidirAcceso,
  emitidoEn,
  leerAcceso,
  ttlAcceso,
} from './acceso';

const acceso = (over: Partial<Acceso> = {}): Acceso => ({
  user_id: 'u',
  grupos: ['analista'],
  activo: true,
  revocado_en: 0,
  version: 1,
  updated_at: '2026-11-26T00:00:00.000Z',
  ...over,
});

describe('decidirAcceso', () => {
  const ROLES: StaffRole[] = ['admin', 'analista', 'cobrador'];
  const subconjuntos = (xs: StaffRole[]): StaffRole[][] =>
    xs.reduce<StaffRole[][]>((acc, x) => [...acc, ...acc.map((s) => [...s, x])], [[]]);

  it('sin item, el token manda (clientes y personal nunca cambiado)', () => {
    expect(decidirAcceso(null, { roles: ['admin'], iat: null })).toEqual({ vigente: true, roles: ['admin'] });
  });

  it('los roles son la intersección de los del token y los vigentes, para todo par de subconjuntos', () => {
    for (const token of subconjuntos(ROLES))
      for (const vigentes of subconjuntos(ROLES)) {
        const v = decidirAcceso(acceso({ grupos: vigentes }), { roles: token, iat: 100 });
        expect(v).toEqual({ vigente: true, roles: ROLES.filter((r) => token.includes(r) && vigentes.includes(r)) });
      }
  });

  it('un usuario desactivado queda fuera con cualquier token', () => {
    expect(decidirAcceso(acceso({ activo: false }), { roles: ['analista'], iat: 10_000 })).toEqual({ vigente: false });
  });

  it('un token emitido hasta el segundo de la revocación (o sin iat) no cuenta; uno posterior sí', () => {
    const a = acceso({ revocado_en: 1000 });
    expect(decidirAcceso(a, { roles: ['analista'], iat: 999 }).vigente).toBe(false);
    expect(decidirAcceso(a, { roles: ['analista'], iat: 1000 }).vigente).toBe(false);
    expect(decidirAcceso(a, { roles: ['analista'], iat: null }).vigente).toBe(false);
    expect(decidirAcceso(a, { roles: ['analista'], iat: 1001 })).toEqual({ vigente: true, roles: ['analista'] });
    // never revoked: iat does not matter
    expect(decidirAcceso(acceso(), { roles: ['analista'], iat: null }).vigente).toBe(true);
  });
});

describe('crearCacheAcceso', () => {
  it('lee una vez por usuario y TTL, también cuando no hay item, y vuelve a leer al vencer', async () => {
    let t = 0;
    const leer = vi.fn(async (id: string) => (id === 'con' ? acceso({ user_id: id }) : null));
    const cache = crearCacheAcceso({ leer, ttlMs: () => 5000, ahora: () => t });
    expect(await cache.obtener('sin')).toBeNull();
    expect(await cache.obtener('sin')).toBeNull();
    expect((await cache.obtener('con'))?.user_id).toBe('con');
    t = 4999;
    await cache.obtener('con');
    await cache.obtener('sin');
    expect(leer).toHaveBeenCalledTimes(2);
    t = 5000;
    await cache.obtener('sin');
    expect(leer).toHaveBeenCalledTimes(3);
  });

  it('con TTL 0 lee en cada llamada y no guarda nada', async () => {
    const leer = vi.fn(async () => null);
    const cache = crearCacheAcceso({ leer, ttlMs: () => 0 });
    await cache.obtener('a');
    await cache.obtener('a');
    expect(leer).toHaveBeenCalledTimes(2);
    expect(cache.tamano).toBe(0);
  });

  it('no pasa de su tamaño máximo: descarta la entrada más vieja', async () => {
    const leer = vi.fn(async () => null);
    const cache = crearCacheAcceso({ leer, max: 3, ahora: () => 0 });
    for (const id of ['a', 'b', 'c', 'd']) await cache.obtener(id);
    expect(cache.tamano).toBe(3);
    await cache.obtener('b'); // still cached
    expect(leer).toHaveBeenCalledTimes(4);
    await cache.obtener('a'); // dropped: read again
    expect(leer).toHaveBeenCalledTimes(5);
    expect(cache.tamano).toBe(3);
  });

  it('un error de lectura no se guarda: la siguiente llamada vuelve a leer', async () => {
    const leer = vi.fn().mockRejectedValueOnce(new Error('throttled')).mockResolvedValueOnce(null);
    const cache = crearCacheAcceso({ leer, ahora: () => 0 });
    await expect(cache.obtener('a')).rejects.toThrow('throttled');
    expect(await cache.obtener('a')).toBeNull();
  });
});

describe('ttlAcceso y emitidoEn', () => {
  it('ACCESO_CACHE_MS: número ≥ 0 (tope 60 s); vacío o inválido es el valor por defecto', () => {
    expect(ttlAcceso(undefined)).toBe(ACCESO_CACHE_MS);
    expect(ttlAcceso('')).toBe(ACCESO_CACHE_MS);
    expect(ttlAcceso('abc')).toBe(ACCESO_CACHE_MS);
    expect(ttlAcceso('-1')).toBe(ACCESO_CACHE_MS);
    expect(ttlAcceso('0')).toBe(0);
    expect(ttlAcceso('999999')).toBe(60_000);
  });

  it('iat como lo entrega el autorizador (texto) o jose (número)', () => {
    expect(emitidoEn('1764115200')).toBe(1764115200);
    expect(emitidoEn(1764115200)).toBe(1764115200);
    expect(emitidoEn('1.5e9')).toBeNull();
    expect(emitidoEn(undefined)).toBeNull();
  });
});

describe('el item de acceso en DynamoDB Local', () => {
  it('se escribe, se lee coherente, sube de versión y conserva la revocación al cambiar sin revocar', async () => {
    const id = `acceso-${Date.now().toString(36)}`;
    expect(await leerAcceso(id)).toBeNull();
    await escribirTransaccion([accesoUpdate(id, { grupos: ['analista'], revocar: false })]);
    expect(await leerAcceso(id)).toMatchObject({ grupos: ['analista'], activo: true, revocado_en: 0, version: 1 });
    const ahora = new Date('2026-11-26T05:00:00.900Z');
    await escribirTransaccion([accesoUpdate(id, { grupos: ['cobrador'], revocar: true }, ahora)]);
    const revocado = Math.floor(ahora.getTime() / 1000);
    expect(await leerAcceso(id)).toMatchObject({ grupos: ['cobrador'], revocado_en: revocado, version: 2 });
    await escribirTransaccion([accesoUpdate(id, { grupos: ['admin', 'cobrador'], revocar: false })]);
    expect(await leerAcceso(id)).toMatchObject({ grupos: ['admin', 'cobrador'], revocado_en: revocado, version: 3 });
    await escribirTransaccion([accesoUpdate(id, { grupos: [], activo: false, revocar: true })]);
    expect(await leerAcceso(id)).toMatchObject({ grupos: [], activo: false, version: 4 });
  });

  it('callerVigente: 401 en español para una sesión revocada; roles recortados para una vigente', async () => {
    process.env.ACCESO_CACHE_MS = '0';
    try {
      const id = `vigente-${Date.now().toString(36)}`;
      const caller = {
        userId: id,
        email: 'a@b.cr',
        nombre: null,
        apellido: null,
        roles: ['admin', 'analista'] as StaffRole[],
        isStaff: true,
      };
      expect(await callerVigente(caller, null)).toBe(caller);
      await escribirTransaccion([accesoUpdate(id, { grupos: ['analista'], revocar: false })]);
      expect(await callerVigente(caller, null)).toMatchObject({ roles: ['analista'], isStaff: true });
      await escribirTransaccion([accesoUpdate(id, { grupos: ['analista'], revocar: true })]);
      await expect(callerVigente(caller, Math.floor(Date.now() / 1000) - 5)).rejects.toMatchObject({
        status: 401,
        message: TEXTS.errors.sesionRevocada,
      });
    } finally {
      delete process.env.ACCESO_CACHE_MS;
    }
  });

  it('accesoDeItem descarta grupos desconocidos y lee campos ausentes como "sin restricción"', () => {
    expect(accesoDeItem({ user_id: 'x', grupos: ['admin', 'jefe', 3] })).toMatchObject({
      grupos: ['admin'],
      activo: true,
      revocado_en: 0,
    });
  });
});
