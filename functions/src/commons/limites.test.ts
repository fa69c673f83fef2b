import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { TEXTS } from '@cuota/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { claveLimite } from '#entities/limite';
import { apiEvent, call, uniqueEmail } from '../../test/events';
import { handler as registrar } from '../features/portal/registrar-cliente-portal';
import { ddb, tableName } from './db';
import { TooManyRequestsError } from './errors';
import { type Limite, LIMITES, limitar } from './limites';

/** Against DynamoDB Local: the fixed-window counter and the routes' 429 with Retry-After. */

let n = 0;
const sujeto = () => `sujeto-${Date.now()}-${++n}`;
const LIMITE: Limite = { ambito: 'prueba', max: 3, ventanaSegundos: 60 };
// 10:00:15 UTC: 45 s left in its minute
const AHORA = new Date('2026-11-26T10:00:15Z');

const contador = async (s: string, ahora: Date) => {
  const ventana = Math.floor(ahora.getTime() / 1000 / LIMITE.ventanaSegundos);
  const out = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: claveLimite(LIMITE.ambito, s, ventana), ConsistentRead: true }),
  );
  return out.Item;
};

afterEach(() => {
  delete process.env.LIMITE_FACTOR_IP;
});

describe('limitar', () => {
  it('max intentos pasan; el siguiente es 429 con Retry-After hasta el fin de la ventana y no cuenta', async () => {
    const s = sujeto();
    for (let i = 0; i < LIMITE.max; i++) await limitar(LIMITE, s, AHORA);
    const error = await limitar(LIMITE, s, AHORA).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect((error as TooManyRequestsError).message).toBe(TEXTS.seguridad.demasiadosIntentos);
    expect((error as TooManyRequestsError).reintentarEnSegundos).toBe(45);
    const item = await contador(s, AHORA);
    expect(item).toMatchObject({ n: LIMITE.max, tipo: 'limite', expira_en: Math.floor(AHORA.getTime() / 1000) + 45 });
    // the subject is kept only as a hash
    expect(JSON.stringify(item)).not.toContain(s);
  });

  it('otro sujeto no se ve afectado; en la ventana siguiente el contador empieza de nuevo', async () => {
    const s = sujeto();
    for (let i = 0; i < LIMITE.max; i++) await limitar(LIMITE, s, AHORA);
    await expect(limitar(LIMITE, s, AHORA)).rejects.toBeInstanceOf(TooManyRequestsError);
    await limitar(LIMITE, sujeto(), AHORA);
    const siguiente = new Date(AHORA.getTime() + 45_000);
    await limitar(LIMITE, s, siguiente);
    expect((await contador(s, siguiente))?.n).toBe(1);
  });

  it('en paralelo pasan exactamente max (un ADD condicional, sin leer antes)', async () => {
    const s = sujeto();
    const intentos = await Promise.allSettled(Array.from({ length: 8 }, () => limitar(LIMITE, s, AHORA)));
    expect(intentos.filter((r) => r.status === 'fulfilled')).toHaveLength(LIMITE.max);
    expect((await contador(s, AHORA))?.n).toBe(LIMITE.max);
  });

  it('LIMITE_FACTOR_IP=0 apaga los límites por IP (en AWS la IP es la del borde) y deja los de cuenta', async () => {
    process.env.LIMITE_FACTOR_IP = '0';
    const porIp: Limite = { ...LIMITE, ambito: 'prueba-ip-apagado', porIp: true };
    const s = sujeto();
    for (let i = 0; i < 3 * LIMITE.max; i++) await limitar(porIp, s, AHORA);
    const c = sujeto();
    for (let i = 0; i < LIMITE.max; i++) await limitar(LIMITE, c, AHORA);
    await expect(limitar(LIMITE, c, AHORA)).rejects.toBeInstanceOf(TooManyRequestsError);
  });

  it('LIMITE_FACTOR_IP multiplica solo los límites por IP', async () => {
    process.env.LIMITE_FACTOR_IP = '2';
    const porIp: Limite = { ...LIMITE, ambito: 'prueba-ip', porIp: true };
    const s = sujeto();
    for (let i = 0; i < 2 * LIMITE.max; i++) await limitar(porIp, s, AHORA);
    await expect(limitar(porIp, s, AHORA)).rejects.toBeInstanceOf(TooManyRequestsError);
    const c = sujeto();
    for (let i = 0; i < LIMITE.max; i++) await limitar(LIMITE, c, AHORA);
    await expect(limitar(LIMITE, c, AHORA)).rejects.toBeInstanceOf(TooManyRequestsError);
  });
});

describe('POST /api/portal/registro limitado por cuenta y por IP', () => {
  const evento = (caller: { sub: string; email: string }, ip: string) => {
    const e = apiEvent('registrar-cliente-portal', {
      caller,
      body: { nombre: 'Lía', apellido: 'Mora', telefono: '+506 8888-1234' },
    });
    e.requestContext.http.sourceIp = ip;
    return e;
  };

  it('quien ya tiene su registro recibe 409 antes de contar (un rechazo no escribe); al pasar el límite, 429 con Retry-After', async () => {
    const caller = { sub: `lim-${Date.now()}`, email: uniqueEmail('limite') };
    expect((await call(registrar, evento(caller, '10.0.0.1'))).status).toBe(201);
    for (let i = 0; i < LIMITES.registroPorCuenta.max + 2; i++)
      expect((await call(registrar, evento(caller, '10.0.0.2'))).status).toBe(409);

    // a new account over its limit (its earlier attempts counted in this window)
    const otro = { sub: `lim-otro-${Date.now()}`, email: uniqueEmail('limite') };
    for (let i = 0; i < LIMITES.registroPorCuenta.max; i++) await limitar(LIMITES.registroPorCuenta, otro.sub);
    const res = await registrar(evento(otro, '10.0.0.3'));
    expect(res.statusCode).toBe(429);
    expect(JSON.parse(res.body!)).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: TEXTS.seguridad.demasiadosIntentos });
    const espera = Number((res.headers as Record<string, string>)['retry-after']);
    expect(espera).toBeGreaterThan(0);
    expect(espera).toBeLessThanOrEqual(LIMITES.registroPorCuenta.ventanaSegundos);
  });

  it('por IP: más cuentas que el máximo desde una IP se frenan; otra IP sigue', async () => {
    process.env.LIMITE_FACTOR_IP = String(2 / LIMITES.registroPorIp.max); // 2 per IP in this test
    const ip = `10.1.${Date.now() % 250}.${++n % 250}`;
    const nuevo = () => ({ sub: `lim-ip-${Date.now()}-${++n}`, email: uniqueEmail('limite-ip') });
    expect((await call(registrar, evento(nuevo(), ip))).status).toBe(201);
    expect((await call(registrar, evento(nuevo(), ip))).status).toBe(201);
    expect((await call(registrar, evento(nuevo(), ip))).status).toBe(429);
    expect((await call(registrar, evento(nuevo(), ip.replace('10.1.', '10.2.')))).status).toBe(201);
  });
});
