import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { controlHandler } from './control';
import { autorizacionDeControl } from './control-clave';
import { CLAVE_DE_CONTROL } from './settings';
import { Scheduler, ServicioIniciando } from './scheduler';
import type { LocalWebSocketApi } from './websocket';

/*
 * The control port and the scheduler while the local stack starts: no job runs before the data
 * is ready, while the Cognito trigger endpoint (which seeding the demo users needs) works.
 * Job handlers are stubbed (they would touch the table); the trigger runs its real module.
 */
const trabajos: Array<{ job: string; detail: unknown }> = [];
vi.mock('./handlers', async (original) => {
  const real = await original<typeof import('./handlers')>();
  return {
    ...real,
    loadHandler: (name: string) =>
      name.startsWith('identidad/')
        ? real.loadHandler(name)
        : Promise.resolve(async (event: { detail?: unknown }) => {
            trabajos.push({ job: name, detail: event.detail });
            return { hecho: name };
          }),
  };
});

const ws = {} as LocalWebSocketApi;
let server: Server;
let base: string;
let listo = false;
const scheduler = new Scheduler();

beforeAll(async () => {
  server = createServer(controlHandler({ ws, runJob: (name, input) => scheduler.run(name, input), ready: () => listo }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  scheduler.stop();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  trabajos.length = 0;
});

/** The stack's own callers sign with the per-start key (security/cognito tests the refusals). */
const firmado = { authorization: autorizacionDeControl(CLAVE_DE_CONTROL) };
const SERVICIO_INICIANDO = { code: 'SERVICE_STARTING', message: 'Cuota se está iniciando; intente de nuevo en unos segundos' };

describe('puerto de control durante el arranque', () => {
  it('un trabajo pedido antes de que los datos estén listos responde 503 SERVICE_STARTING y no corre', async () => {
    const res = await fetch(`${base}/jobs/cierre-diario`, {
      method: 'POST',
      headers: firmado,
      body: JSON.stringify({ fecha: '2026-01-01' }),
    });
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual(SERVICIO_INICIANDO);
    expect(trabajos).toEqual([]);
  });

  it('el disparador de Cognito (Lambda Invoke) funciona desde el inicio: la siembra de usuarios lo necesita', async () => {
    // the seed creates the demo users with AdminCreateUser: the trigger lets them through as they are
    const evento = {
      triggerSource: 'PreSignUp_AdminCreateUser',
      userName: 'a@b.cr',
      request: { userAttributes: { email: 'a@b.cr' } },
      response: { autoConfirmUser: false },
    };
    const res = await fetch(`${base}/2015-03-31/functions/pre-sign-up/invocations`, {
      method: 'POST',
      headers: firmado,
      body: JSON.stringify(evento),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-amz-function-error')).toBeNull();
    expect(((await res.json()) as { response: unknown }).response).toEqual({ autoConfirmUser: false });
  });

  it('un disparador que lanza un error responde como Lambda: 200, X-Amz-Function-Error y el mensaje', async () => {
    const evento = { triggerSource: 'PreSignUp_SignUp', request: { userAttributes: { email: ' A@b.cr' } }, response: {} };
    const res = await fetch(`${base}/2015-03-31/functions/pre-sign-up/invocations`, {
      method: 'POST',
      headers: firmado,
      body: JSON.stringify(evento),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-amz-function-error')).toBe('Unhandled');
    expect(await res.json()).toEqual({ errorType: 'Error', errorMessage: expect.stringContaining('El email debe escribirse') });
  });

  it('el programador tampoco corre trabajos antes de start(), salvo el que el arranque mismo pide', async () => {
    await expect(scheduler.run('cierre-diario')).rejects.toBeInstanceOf(ServicioIniciando);
    // the control port is ready but the scheduler is not: still 503, nothing runs
    listo = true;
    const res = await fetch(`${base}/jobs/cierre-diario`, { method: 'POST', headers: firmado });
    expect([res.status, await res.json()]).toEqual([503, SERVICIO_INICIANDO]);
    expect(trabajos).toEqual([]);
    expect(await scheduler.runAtStartup('reindexar-segmentos')).toEqual({ hecho: 'comunicacion/reindexar-segmentos' });
    expect(trabajos.map((t) => t.job)).toEqual(['comunicacion/reindexar-segmentos']);
  });

  it('una vez listos los datos y abierto el programador, el trabajo corre con su entrada', async () => {
    listo = true;
    scheduler.start();
    const res = await fetch(`${base}/jobs/cierre-diario`, {
      method: 'POST',
      headers: firmado,
      body: JSON.stringify({ fecha: '2026-01-01' }),
    });
    expect([res.status, await res.json()]).toEqual([200, { hecho: 'cierre/ejecutar-cierre-diario' }]);
    expect(trabajos).toEqual([{ job: 'cierre/ejecutar-cierre-diario', detail: { fecha: '2026-01-01' } }]);
  });
});

describe('puerto de control ante entradas malformadas', () => {
  it('un cuerpo que no es JSON, o que no es un objeto, responde 400 y no corre nada', async () => {
    listo = true;
    for (const [ruta, body] of [
      ['/jobs/cierre-diario', '{'],
      ['/jobs/cierre-diario', '[1]'],
      ['/2015-03-31/functions/pre-sign-up/invocations', '{'],
    ] as const) {
      const res = await fetch(`${base}${ruta}`, { method: 'POST', headers: firmado, body });
      expect(res.status, `${ruta} ${body}`).toBe(400);
    }
    expect(trabajos).toEqual([]);
  });

  it('un nombre de conexión cuyo %-escape no decodifica responde 400', async () => {
    const res = await fetch(`${base}/@connections/%ff`, { method: 'POST', headers: firmado, body: '{}' });
    expect(res.status).toBe(400);
  });
});
