import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { crearServidor } from './http-seguro';

/*
 * The guard every local server is created with: what it answers for an unreadable target, a
 * throw, a rejection and a client that leaves mid-body, and the one log line of an unexpected error.
 */
let server: Server;
let base: string;
const errores = vi.spyOn(console, 'error').mockImplementation(() => {});

beforeAll(async () => {
  server = crearServidor(
    'prueba',
    async (req, res) => {
      if (req.url === '/lanza') throw new Error('sincrónico');
      if (req.url === '/rechaza') return Promise.reject(new Error('asíncrono'));
      if (req.url === '/cuerpo') {
        for await (const _ of req); // rejects when the client leaves mid-body
      }
      res.end('ok');
    },
    { 'x-frame-options': 'DENY' },
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => errores.mockClear());

function crudo(texto: string): Promise<string> {
  return new Promise((resolve) => {
    const s = connect({ host: '127.0.0.1', port: Number(new URL(base).port) }, () => s.end(texto));
    const out: Buffer[] = [];
    s.on('data', (d: Buffer) => out.push(d));
    s.on('close', () => resolve(Buffer.concat(out).toString('utf8')));
    s.on('error', () => resolve(Buffer.concat(out).toString('utf8')));
  });
}

describe('crearServidor', () => {
  it('una dirección ilegible: 400 en español con las cabeceras del servidor, sin llegar al oyente', async () => {
    for (const ruta of ['/%ff', '/a%', 'http://[', '*']) {
      const r = await crudo(`GET ${ruta} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(r, ruta).toMatch(/^HTTP\/1\.1 400 /);
      expect(r).toMatch(/x-frame-options: DENY/i);
      expect(r).toContain('La dirección de la solicitud no es válida');
    }
    expect(errores).not.toHaveBeenCalled();
  });

  it('un error (lanzado o rechazado): 500, una línea JSON en el registro, y el servidor sigue', async () => {
    for (const ruta of ['/lanza', '/rechaza']) {
      const res = await fetch(`${base}${ruta}`);
      expect(res.status).toBe(500);
      expect(((await res.json()) as { code: string }).code).toBe('INTERNAL_ERROR');
    }
    expect(errores).toHaveBeenCalledTimes(2);
    const linea = JSON.parse(String(errores.mock.calls[1]![0])) as Record<string, unknown>;
    expect(linea).toMatchObject({ nivel: 'error', servidor: 'prueba', metodo: 'GET', url: '/rechaza', mensaje: 'asíncrono' });
    expect((await fetch(`${base}/`)).status).toBe(200);
  });

  it('un cliente que se va a mitad del cuerpo: sin registro ni caída', async () => {
    await new Promise<void>((resolve) => {
      const s = connect({ host: '127.0.0.1', port: Number(new URL(base).port) }, () => {
        s.write('POST /cuerpo HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc');
        setTimeout(() => {
          s.destroy();
          resolve();
        }, 50);
      });
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(errores).not.toHaveBeenCalled();
    expect((await fetch(`${base}/`)).status).toBe(200);
  });

  it('una línea de petición que el parser rechaza: 400 y la conexión cerrada; cabeceras enormes: 431', async () => {
    expect(await crudo('G\u0001T / HTTP/1.1\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(await crudo(`GET / HTTP/1.1\r\nX-A: ${'a'.repeat(40_000)}\r\n\r\n`)).toMatch(/^HTTP\/1\.1 431 /);
  });
});
