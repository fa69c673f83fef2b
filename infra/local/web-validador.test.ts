import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from './web';

/*
 * Files served `no-cache` (index.html, remoteEntry.js) carry a validator, as CloudFront passes
 * S3's ETag: a phone that already has them revalidates with a 304 and no body.
 */
const raiz = mkdtempSync(join(tmpdir(), 'cuota-validador-'));
const apps = [
  { prefix: '/apps/portal/', dir: join(raiz, 'portal') },
  { prefix: '/', dir: join(raiz, 'shell') },
];
let server: Server;
let base: string;

beforeAll(async () => {
  mkdirSync(join(raiz, 'portal', 'assets'), { recursive: true });
  mkdirSync(join(raiz, 'shell'), { recursive: true });
  writeFileSync(join(raiz, 'portal', 'remoteEntry.js'), 'export const x = 1;');
  writeFileSync(join(raiz, 'portal', 'assets', 'index-AbCdEf12.js'), 'export {};');
  writeFileSync(join(raiz, 'shell', 'index.html'), '<!doctype html><title>Cuota</title>');
  server = createServer((req, res) => serveStatic(req, res, { 'x-frame-options': 'DENY' }, apps));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(raiz, { recursive: true, force: true });
});

describe('validadores de los archivos estáticos del origen local', () => {
  it('remoteEntry.js: no-cache con ETag; con If-None-Match responde 304 sin cuerpo; cambiado, 200 con otro ETag', async () => {
    const primera = await fetch(`${base}/apps/portal/remoteEntry.js`);
    expect(primera.status).toBe(200);
    expect(primera.headers.get('cache-control')).toBe('no-cache');
    const etag = primera.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(primera.headers.get('last-modified')).toBeTruthy();
    expect(await primera.text()).toBe('export const x = 1;');

    const revalidada = await fetch(`${base}/apps/portal/remoteEntry.js`, { headers: { 'if-none-match': etag } });
    expect(revalidada.status).toBe(304);
    expect(await revalidada.text()).toBe('');
    expect(revalidada.headers.get('etag')).toBe(etag);
    // a list, and the strong form of the same tag, match too
    const lista = await fetch(`${base}/apps/portal/remoteEntry.js`, {
      headers: { 'if-none-match': `"otro", ${etag.slice(2)}` },
    });
    expect(lista.status).toBe(304);

    writeFileSync(join(raiz, 'portal', 'remoteEntry.js'), 'export const x = 22;');
    utimesSync(join(raiz, 'portal', 'remoteEntry.js'), new Date(), new Date(Date.now() + 5_000));
    const cambiada = await fetch(`${base}/apps/portal/remoteEntry.js`, { headers: { 'if-none-match': etag } });
    expect(cambiada.status).toBe(200);
    expect(cambiada.headers.get('etag')).not.toBe(etag);
    expect(await cambiada.text()).toBe('export const x = 22;');
  });

  it('la página (index.html, también como respaldo de una ruta) se revalida igual y conserva las cabeceras de seguridad', async () => {
    const pagina = await fetch(`${base}/portal`);
    expect(pagina.status).toBe(200);
    const etag = pagina.headers.get('etag')!;
    const otra = await fetch(`${base}/clientes`, { headers: { 'if-none-match': etag } });
    expect(otra.status).toBe(304);
    expect(otra.headers.get('x-frame-options')).toBe('DENY');
    const inmutable = await fetch(`${base}/apps/portal/assets/index-AbCdEf12.js`);
    expect(inmutable.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(inmutable.headers.get('etag')).toBeTruthy();
  });
});
