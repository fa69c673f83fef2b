import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, sesion } from '../support';

/**
 * The integration suite: HTTP only (no browser), against any deployment of the product.
 * `TARGET=https://d111.cloudfront.net npm run test:integration` checks a deployed stack (or one in
 * LocalStack), with the ID tokens of a staff member and of a customer in TARGET_TOKEN_STAFF and
 * TARGET_TOKEN_CLIENTE (on AWS the web client signs in only with SRP, so the suite does not sign in
 * there: take them from a signed-in session); without them the tests that need one are skipped.
 * Without TARGET it runs against the local stack the e2e config starts, signing in the demo users.
 */
const TARGET = process.env.TARGET;

interface Config {
  stage: string;
  apiUrl: string;
  wsUrl: string;
  auth: Record<string, unknown>;
  remotes: Record<string, unknown>;
}

async function leerConfig(request: APIRequestContext): Promise<Config> {
  const res = await request.get('/config.json');
  expect(res.status()).toBe(200);
  return (await res.json()) as Config;
}

/** The API's base as config.json names it ('/api' on both; resolved against the target). */
async function api(request: APIRequestContext, ruta: string): Promise<string> {
  const { apiUrl } = await leerConfig(request);
  return `${apiUrl.replace(/\/+$/, '')}${ruta}`;
}

async function token(rol: 'staff' | 'cliente'): Promise<string> {
  const variable = rol === 'staff' ? 'TARGET_TOKEN_STAFF' : 'TARGET_TOKEN_CLIENTE';
  const dado = process.env[variable];
  if (dado) return dado;
  test.skip(Boolean(TARGET), `${variable} no está definido: la prueba necesita un token del destino`);
  return (await sesion(rol === 'staff' ? DEMO.analista : DEMO.cliente)).token;
}

test.describe('integración: configuración y API', () => {
  test('config.json: solo los campos que la web necesita, con la CSP de CloudFront', async ({ request }) => {
    const res = await request.get('/config.json');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/json/);
    expect(res.headers()['content-security-policy']).toContain("connect-src 'self'");
    const config = (await res.json()) as Config;
    expect(Object.keys(config).sort()).toEqual(['apiUrl', 'auth', 'remotes', 'stage', 'wsUrl']);
    expect(['local', 'aws']).toContain(config.stage);
    expect(config.apiUrl).toBe('/api');
    expect(config.wsUrl).toMatch(/^wss?:\/\/[^/]+\//);
    expect(Object.keys(config.auth).sort()).toEqual(
      expect.arrayContaining(['authFlowType', 'region', 'userPoolClientId', 'userPoolId']),
    );
    for (const campo of ['region', 'userPoolId', 'userPoolClientId']) expect(config.auth[campo]).toEqual(expect.any(String));
    expect(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']).toContain(config.auth.authFlowType);
    // the Cognito endpoint the browser calls must be allowed by connect-src (same origin, or listed)
    const endpoint = config.auth.userPoolEndpoint;
    if (typeof endpoint === 'string' && /^https?:/.test(endpoint) && new URL(endpoint).origin !== new URL(res.url()).origin) {
      expect(res.headers()['content-security-policy']).toContain(new URL(endpoint).origin);
    }
    expect(config.remotes).toEqual({
      admin: expect.stringMatching(/remoteEntry\.js$/),
      portal: expect.stringMatching(/remoteEntry\.js$/),
    });
  });

  test('OpenAPI 3.1 público, con las rutas de la cartera y de identidad', async ({ request }) => {
    const res = await request.get(await api(request, '/openapi.json'));
    expect(res.status()).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.paths['/api/creditos']).toHaveProperty('get');
    expect(doc.paths['/api/me']).toHaveProperty('get');
  });

  test('401 sin token y con un token falso', async ({ request }) => {
    const url = await api(request, '/creditos');
    const sin = await request.get(url);
    expect(sin.status()).toBe(401);
    expect(await sin.json()).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
    const falso = await request.get(url, { headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x' } });
    expect(falso.status()).toBe(401);
  });

  test('403 FORBIDDEN para un cliente en una ruta del personal', async ({ request }) => {
    const cliente = await token('cliente');
    const res = await request.get(await api(request, '/creditos'), { headers: { authorization: `Bearer ${cliente}` } });
    expect(res.status()).toBe(403);
    expect(await res.json()).toEqual(
      expect.objectContaining({ code: 'FORBIDDEN', message: 'No tienes permisos para realizar esta acción' }),
    );
  });

  test('el personal lee la cartera', async ({ request }) => {
    const staff = await token('staff');
    const res = await request.get(await api(request, '/creditos?limit=5'), { headers: { authorization: `Bearer ${staff}` } });
    expect(res.status()).toBe(200);
    const { items, nextCursor } = (await res.json()) as { items: unknown[]; nextCursor: string | null };
    expect(Array.isArray(items)).toBe(true);
    expect(items.length).toBeLessThanOrEqual(5);
    expect(nextCursor === null || typeof nextCursor === 'string').toBe(true);
    // the local stack's demo data has credits; a deployed stack may have none yet
    if (!TARGET) expect(items.length).toBeGreaterThan(0);
  });
});
