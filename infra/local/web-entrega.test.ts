import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlConConfig } from '../lib/pagina';
import { elegirCodificacion, runtimeConfig, serveStatic } from './web';

/*
 * How the local origin delivers the built apps, as CloudFront does on AWS: compressed text
 * (brotli or gzip by Accept-Encoding, Vary), HTTP 404 with the 404 screen for a path that is not
 * a page of the shell, and the runtime config inlined into index.html.
 */
const raiz = mkdtempSync(join(tmpdir(), 'cuota-entrega-'));
const apps = [
  { prefix: '/apps/portal/', dir: join(raiz, 'portal') },
  { prefix: '/', dir: join(raiz, 'shell') },
];
const grande = `export const datos = ${JSON.stringify('x'.repeat(5000))};\n`;
const config = runtimeConfig({ web: 3999, dynamodb: 1, cognito: 2, ses: 3, control: 4 }, { userPoolId: 'p', clientId: 'c' });
let server: Server;
let port: number;

beforeAll(async () => {
  mkdirSync(join(raiz, 'portal', 'assets'), { recursive: true });
  mkdirSync(join(raiz, 'shell'), { recursive: true });
  writeFileSync(join(raiz, 'portal', 'remoteEntry.js'), grande);
  writeFileSync(join(raiz, 'portal', 'assets', 'chico-AbCdEf12.js'), 'export {};');
  writeFileSync(join(raiz, 'shell', 'index.html'), '<!doctype html><html><head><title>Cuota</title></head><body></body></html>');
  writeFileSync(
    join(raiz, 'shell', 'sesion.html'),
    '<!doctype html><html><head><title>Cuota</title><link rel="modulepreload" href="/assets/sesion.js"></head><body></body></html>',
  );
  server = createServer((req, res) => serveStatic(req, res, { 'x-frame-options': 'DENY' }, apps, { config: () => config }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(raiz, { recursive: true, force: true });
});

/** A raw GET (fetch would decompress and hide content-encoding). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('compresión del origen local', () => {
  it('elige brotli, luego gzip, según Accept-Encoding (q=0 rechaza)', () => {
    expect(elegirCodificacion('gzip, deflate, br, zstd')).toBe('br');
    expect(elegirCodificacion('gzip, deflate')).toBe('gzip');
    expect(elegirCodificacion('br;q=0, gzip')).toBe('gzip');
    expect(elegirCodificacion('identity')).toBeNull();
    expect(elegirCodificacion(undefined)).toBeNull();
    expect(elegirCodificacion('*')).toBe('br');
  });

  it('remoteEntry.js con br o gzip: el cuerpo descomprimido es el archivo, Vary y un ETag por representación; 304 con el suyo', async () => {
    const br = await get('/apps/portal/remoteEntry.js', { 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.body.length).toBeLessThan(grande.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(grande);

    const gz = await get('/apps/portal/remoteEntry.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(grande);
    expect(gz.headers.etag).not.toBe(br.headers.etag);

    const plano = await get('/apps/portal/remoteEntry.js');
    expect(plano.headers['content-encoding']).toBeUndefined();
    expect(plano.body.toString()).toBe(grande);

    const revalidada = await get('/apps/portal/remoteEntry.js', {
      'accept-encoding': 'gzip, br',
      'if-none-match': String(br.headers.etag),
    });
    expect(revalidada.status).toBe(304);
    expect(revalidada.body.length).toBe(0);
  });

  it('un archivo de menos de 1 000 bytes va sin comprimir, como en CloudFront', async () => {
    const chico = await get('/apps/portal/assets/chico-AbCdEf12.js', { 'accept-encoding': 'br' });
    expect(chico.headers['content-encoding']).toBeUndefined();
    expect(chico.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('404 para lo que no es una página de la shell', () => {
  it('una ruta conocida responde 200 con index.html; una desconocida 404 con el mismo index.html (la pantalla 404)', async () => {
    for (const ruta of ['/', '/portal', '/creditos/abc/contrato', '/portal/pagos/p1/recibo', '/auth?tab=login']) {
      const r = await get(ruta);
      expect(r.status, ruta).toBe(200);
      expect(r.body.toString(), ruta).toContain('<title>Cuota</title>');
    }
    for (const ruta of ['/no-existe', '/portal/otra', '/creditos/abc/def/ghi', '/Portal']) {
      const r = await get(ruta, { 'accept-encoding': 'gzip' });
      expect(r.status, ruta).toBe(404);
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.body.toString(), ruta).toContain('<title>Cuota</title>');
    }
    // the landing and the 404 get index.html; the other pages sesion.html (the session chunks preloaded)
    expect((await get('/')).body.toString()).not.toContain('modulepreload');
    expect((await get('/no-existe')).body.toString()).not.toContain('modulepreload');
    expect((await get('/portal')).body.toString()).toContain('/assets/sesion.js');
    expect((await get('/auth')).body.toString()).toContain('/assets/sesion.js');
    // an unknown file stays a plain 404
    expect((await get('/assets/falta-AbCdEf12.js')).status).toBe(404);
  });

  it('una ruta desconocida no se revalida a 304 (siempre el 404)', async () => {
    const pagina = await get('/portal');
    const r = await get('/no-existe', { 'if-none-match': String(pagina.headers.etag) });
    expect(r.status).toBe(404);
  });
});

describe('configuración en la página', () => {
  it('index.html lleva la configuración del origen en un bloque JSON que loadConfig lee', async () => {
    const html = (await get('/portal')).body.toString();
    const json = /<script type="application\/json" id="cuota-config">(.*?)<\/script><\/head>/.exec(html)?.[1];
    expect(JSON.parse(json!)).toEqual(config);
  });

  it('un valor con </script> no puede cerrar el bloque', () => {
    const html = htmlConConfig('<head></head>', { ...config, stage: '</script><script>x()' as 'local' });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });
});
