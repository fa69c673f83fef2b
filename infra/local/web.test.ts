import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { securityHeaderValues } from '../lib/security-headers';
import { contentSecurityPolicy } from '../lib/web';
import type { Ports } from './settings';
import { runtimeConfig, securityHeaders, SERVICIO_INICIANDO, webOrigin, webOriginUpgrade } from './web';

/*
 * The local origin (`npm start`) sends the headers CloudFront sends, on every answer: pages,
 * assets, 404s, /config.json and the API. Runs the real origin router and gateway, no browser.
 */
const ports: Ports = { web: 3999, dynamodb: 4000, cognito: 4001, ses: 4002, control: 4003 };
const headers = securityHeaders(ports);
let server: Server;
let base: string;
/** The stack's `ready` flag: the data is in (flipped by the start-up tests below). */
let listo = true;
/** Requests that reached the gateway, and WebSocket upgrades that reached the WebSocket API. */
const alGateway: string[] = [];
const alWebSocket: string[] = [];
const wss = new WebSocketServer({ noServer: true });

const directives = (csp: string) => new Map(csp.split('; ').map((d) => [d.split(' ')[0]!, d]));

beforeAll(async () => {
  process.env.LOG_LEVEL = 'SILENT';
  const { handleApi } = await import('./gateway');
  server = createServer(
    webOrigin(headers, {
      api: (req, res) => {
        alGateway.push(`${req.method} ${req.url}`);
        void handleApi(req, res);
      },
      ready: () => listo,
      config: (host) => runtimeConfig(ports, { userPoolId: 'local_pool', clientId: 'client' }, host),
      cognito: (_req, res) => void res.writeHead(400, { 'content-type': 'application/json' }).end('{}'),
    }),
  );
  server.on(
    'upgrade',
    webOriginUpgrade(headers, {
      ready: () => listo,
      ws: (req, socket, head) => {
        alWebSocket.push(req.url ?? '');
        wss.handleUpgrade(req, socket, head, (ws) => ws.close());
      },
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('cabeceras de seguridad del origen local', () => {
  it('son las de CloudFront salvo connect-src (ws:// local) y upgrade-insecure-requests (http)', () => {
    const cognitoEndpoint = 'https://cognito-idp.us-east-1.amazonaws.com';
    const webSocketOrigin = 'wss://abc.execute-api.us-east-1.amazonaws.com';
    const aws = securityHeaderValues({ connectSrc: [cognitoEndpoint, webSocketOrigin], upgradeInsecureRequests: true });
    const { 'content-security-policy': localCsp, ...localRest } = headers;
    const { 'content-security-policy': awsCsp, ...awsRest } = aws;
    expect(localRest).toEqual(awsRest);
    // the CSP CloudFront's policy is built with (infra/lib/web.ts)
    expect(awsCsp).toBe(contentSecurityPolicy({ cognitoEndpoint, webSocketOrigin }));

    const local = directives(localCsp!);
    const remote = directives(awsCsp!);
    expect(local.get('connect-src')).toBe(`connect-src 'self' ws://127.0.0.1:${ports.web} ws://localhost:${ports.web}`);
    expect(local.has('upgrade-insecure-requests')).toBe(false);
    for (const [name, value] of remote) {
      if (name === 'connect-src' || name === 'upgrade-insecure-requests') continue;
      expect(local.get(name), name).toBe(value);
    }
    expect(local.get('script-src')).toBe("script-src 'self'");
    expect(local.get('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d{8,}; includeSubDomains; preload$/);
  });

  it.each([
    ['GET', '/'],
    ['GET', '/clientes'],
    ['GET', '/assets/no-existe-abc12345.js'],
    ['GET', '/apps/admin/no-existe.js'],
    ['GET', '/config.json'],
    ['GET', '/healthz'],
    ['POST', '/cognito'],
    ['GET', '/api/openapi.json'],
    ['GET', '/api/me'],
    ['GET', '/api/no-existe'],
  ])('%s %s las envía todas', async (method, path) => {
    const res = await fetch(`${base}${path}`, { method, redirect: 'manual' });
    await res.arrayBuffer();
    for (const [name, value] of Object.entries(headers)) expect(res.headers.get(name), `${path} ${name}`).toBe(value);
    expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
  });

  it('la API sigue respondiendo lo suyo detrás de las cabeceras (401 sin token, openapi pública)', async () => {
    expect((await fetch(`${base}/api/me`)).status).toBe(401);
    const openapi = await fetch(`${base}/api/openapi.json`);
    expect(openapi.status).toBe(200);
    expect(((await openapi.json()) as { openapi: string }).openapi).toMatch(/^3\.1/);
  });
});

describe('mientras la pila arranca (antes de que los datos estén listos)', () => {
  beforeEach(() => {
    alGateway.length = 0;
    alWebSocket.length = 0;
  });
  afterEach(() => {
    listo = true;
  });

  it.each([
    ['GET', '/api/me'],
    ['GET', '/api/openapi.json'],
    ['GET', '/api/dashboard'],
    ['POST', '/api/cierre-diario'],
    ['POST', '/api/portal/pagos'],
    ['GET', '/api/no-existe'],
  ])('%s %s responde 503 SERVICE_STARTING con Retry-After y no llega al gateway', async (method, path) => {
    listo = false;
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
      body: method === 'POST' ? JSON.stringify({ fecha: '2026-01-01' }) : undefined,
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      code: 'SERVICE_STARTING',
      message: 'Cuota se está iniciando; intente de nuevo en unos segundos',
    });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('cache-control')).toBe('no-store');
    for (const [name, value] of Object.entries(headers)) expect(res.headers.get(name), name).toBe(value);
    expect(alGateway).toEqual([]);
  });

  it('/healthz dice starting (503) y luego ok (200); la API responde lo suyo en cuanto está lista', async () => {
    listo = false;
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'starting' });
    expect((await fetch(`${base}/api/me`)).status).toBe(503);
    listo = true;
    const health = await fetch(`${base}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
    expect((await fetch(`${base}/api/me`)).status).toBe(401);
    expect(alGateway).toEqual(['GET /api/me']);
  });

  it('la configuración y las páginas se sirven durante el arranque (no dependen de los datos)', async () => {
    listo = false;
    expect((await fetch(`${base}/config.json`)).status).toBe(200);
    expect((await fetch(`${base}/apps/admin/no-existe.js`)).status).toBe(404);
  });

  /** Opens a WebSocket to /ws: 'open', or the refused upgrade's status and body. */
  function conectar(
    path = '/ws?token=x',
  ): Promise<{ abierta: true } | { status: number; headers: Record<string, unknown>; body: string }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}${path}`);
      ws.once('open', () => {
        ws.close();
        resolve({ abierta: true });
      });
      ws.once('unexpected-response', (_req, res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      });
      ws.once('error', (error) => {
        if (!/Unexpected server response/.test(error.message)) reject(error);
      });
    });
  }

  it('el WebSocket /ws se rechaza con 503 SERVICE_STARTING hasta que la pila está lista, y luego conecta', async () => {
    listo = false;
    const rechazo = await conectar();
    expect(rechazo).toMatchObject({ status: 503, headers: { 'retry-after': expect.any(String) } });
    expect(JSON.parse((rechazo as { body: string }).body)).toEqual(SERVICIO_INICIANDO);
    expect(alWebSocket).toEqual([]);
    listo = true;
    expect(await conectar()).toEqual({ abierta: true });
    expect(alWebSocket).toEqual(['/ws?token=x']);
  });
});
