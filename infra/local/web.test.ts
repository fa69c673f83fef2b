import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaderValues } from '../lib/security-headers';
import { contentSecurityPolicy } from '../lib/web';
import type { Ports } from './settings';
import { runtimeConfig, securityHeaders, webOrigin } from './web';

/*
 * The local origin (`npm start`) sends the headers CloudFront sends, on every answer: pages,
 * assets, 404s, /config.json and the API. Runs the real origin router and gateway, no browser.
 */
const ports: Ports = { web: 3999, dynamodb: 4000, cognito: 4001, ses: 4002, control: 4003 };
const headers = securityHeaders(ports);
let server: Server;
let base: string;

const directives = (csp: string) => new Map(csp.split('; ').map((d) => [d.split(' ')[0]!, d]));

beforeAll(async () => {
  process.env.LOG_LEVEL = 'SILENT';
  const { handleApi } = await import('./gateway');
  server = createServer(
    webOrigin(headers, {
      api: (req, res) => void handleApi(req, res),
      ready: () => false,
      config: (host) => runtimeConfig(ports, { userPoolId: 'local_pool', clientId: 'client' }, host),
      cognito: (_req, res) => void res.writeHead(400, { 'content-type': 'application/json' }).end('{}'),
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
