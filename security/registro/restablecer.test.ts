import { request } from 'node:http';
import { TEXTS } from '@cuota/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { iniciarPila, type PilaLocal } from '../support/local-stack';

/**
 * Password reset (POST /api/auth/restablecer-contrasena) through the local gateway, against a
 * real cognito-local:
 * - an attacker with no code learns nothing from the answer: a staff (admin) address, a customer
 *   address and an unknown one, each with a wrong code and a 13-character password, get the same
 *   status and body, and none answers before the route's floor (timing cannot tell them apart);
 * - the route is throttled per account: the 6th attempt for one address in the window is a 429 in
 *   Spanish with Retry-After (from any IP), another address is unaffected, and the counter ends
 *   with its window.
 */

const RUTA = '/api/auth/restablecer-contrasena';
const TRECE = 'Cliente-13ab!'; // 13: enough for a customer, not for an admin
const PISO_MS = 700;
const TECHO_MS = PISO_MS + 150 + 2_500; // floor + jitter + a loaded machine's slack

let pila: PilaLocal;
let n = 0;
const correo = (p: string) => `${p}.${Date.now().toString(36)}.${++n}@prueba.cr`;

interface Respuesta {
  status: number;
  body: any;
  headers: Record<string, string | string[] | undefined>;
  ms: number;
}

/** One POST from `desde` (any 127/8 address is this machine's loopback). */
function restablecer(body: unknown, desde = '127.0.0.1'): Promise<Respuesta> {
  const url = new URL(RUTA, pila.url);
  const data = JSON.stringify(body);
  const inicio = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: desde,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text ? JSON.parse(text) : undefined,
            headers: res.headers,
            ms: performance.now() - inicio,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** A code that is not the one Cognito sent. */
const otro = (codigo: string) => (codigo === '000000' ? '111111' : '000000');

beforeAll(async () => {
  pila = await iniciarPila();
});
afterAll(async () => {
  vi.useRealTimers();
  await pila?.detener();
});

describe('restablecer contraseña: la misma respuesta para toda cuenta', () => {
  it('administrador, analista, cliente y dirección desconocida, con un código equivocado y 13 caracteres: mismo estado, cuerpo y clase de tiempo', async () => {
    const admin = await pila.crearUsuario({ email: correo('admin'), nombre: 'Ada', apellido: 'Admin', grupos: ['admin'] });
    const analista = await pila.crearUsuario({
      email: correo('analista'),
      nombre: 'Ana',
      apellido: 'Lista',
      grupos: ['analista'],
    });
    const cliente = await pila.crearUsuario({ email: correo('cliente'), nombre: 'Cli', apellido: 'Ente' });
    const codigos = {
      admin: await pila.codigoRestablecimiento(admin.email),
      analista: await pila.codigoRestablecimiento(analista.email),
      cliente: await pila.codigoRestablecimiento(cliente.email),
    };

    const casos = {
      admin: await restablecer({ email: admin.email, codigo: otro(codigos.admin), nueva: TRECE }),
      analista: await restablecer({ email: analista.email, codigo: otro(codigos.analista), nueva: TRECE }),
      cliente: await restablecer({ email: cliente.email, codigo: otro(codigos.cliente), nueva: TRECE }),
      desconocida: await restablecer({ email: correo('nadie'), codigo: '123456', nueva: TRECE }),
      // the admin's right code with a 13-character password: refused like a wrong code
      adminCodigoBueno: await restablecer({ email: admin.email, codigo: codigos.admin, nueva: TRECE }),
    };
    const referencia = casos.desconocida;
    expect(referencia.status).toBe(400);
    expect(referencia.body).toEqual({
      code: 'VALIDATION_ERROR',
      message: TEXTS.seguridad.restablecimientoRechazado,
      details: { codigo: TEXTS.seguridad.restablecimientoRechazado },
    });
    for (const [caso, res] of Object.entries(casos)) {
      expect({ caso, status: res.status, body: res.body }).toEqual({ caso, status: referencia.status, body: referencia.body });
      expect(res.ms, `${caso}: ${Math.round(res.ms)} ms`).toBeGreaterThanOrEqual(PISO_MS - 5);
      expect(res.ms, `${caso}: ${Math.round(res.ms)} ms`).toBeLessThan(TECHO_MS);
    }

    // the admin rule still holds, and the refusal did not spend the code: 16+ with it works
    const ok = await restablecer({ email: admin.email, codigo: codigos.admin, nueva: 'Admin-Clave-16!!' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.ms).toBeGreaterThanOrEqual(PISO_MS - 5);
  });
});

describe('restablecer contraseña: límite de intentos por cuenta', () => {
  it('5 intentos por dirección cada 15 minutos: el 6.º es 429 en español con Retry-After, desde cualquier IP; otra dirección sigue; la ventana vence', async () => {
    const objetivo = correo('objetivo');
    const intento = (desde?: string) => restablecer({ email: objetivo, codigo: '123456', nueva: TRECE }, desde);
    for (let i = 0; i < 5; i++) expect((await intento()).status).toBe(400);

    const bloqueado = await intento();
    expect(bloqueado.status).toBe(429);
    expect(bloqueado.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: TEXTS.seguridad.demasiadosIntentos });
    const espera = Number(bloqueado.headers['retry-after']);
    expect(Number.isInteger(espera) && espera >= 1 && espera <= 15 * 60, `Retry-After ${bloqueado.headers['retry-after']}`).toBe(
      true,
    );
    // per account, not per connection: another source address is refused too
    expect((await intento('127.0.0.2')).status).toBe(429);
    // another address from the same IP is unaffected
    const otra = await restablecer({ email: correo('otra'), codigo: '123456', nueva: TRECE });
    expect(otra.status).toBe(400);
    expect(otra.body.message).toBe(TEXTS.seguridad.restablecimientoRechazado);

    // the next window (only Date is moved: the gateway and the handler run in this process)
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 15 * 60 * 1000);
    expect((await intento()).status).toBe(400);
    vi.useRealTimers();
  });
});
