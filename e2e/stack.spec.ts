import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { api, BASE_URL, DEMO, DYNAMO_URL, idToken } from './support';

test.describe('la pila local en un solo origen', () => {
  test('sirve /config.json, la OpenAPI pública y la SPA con cabeceras de seguridad', async () => {
    expect(await api('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    const config = await api('/config.json');
    expect(config.body).toMatchObject({
      stage: 'local',
      apiUrl: '/api',
      auth: { authFlowType: 'USER_PASSWORD_AUTH', userPoolEndpoint: `${BASE_URL}/cognito` },
      remotes: { admin: '/apps/admin/remoteEntry.js', portal: '/apps/portal/remoteEntry.js' },
    });
    const openapi = await api('/api/openapi.json');
    expect(openapi.status).toBe(200);
    expect(Object.keys(openapi.body.paths)).toContain('/api/clientes/{id}');

    const page = await fetch(`${BASE_URL}/clientes`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    for (const remote of ['/apps/admin/remoteEntry.js', '/apps/portal/remoteEntry.js']) {
      expect((await fetch(`${BASE_URL}${remote}`)).status, remote).toBe(200);
    }
    expect((await fetch(`${BASE_URL}/apps/admin/no-existe.js`)).status).toBe(404);
  });

  test('el autorizador JWT: sin token 401, cliente 403 en rutas de personal, personal ve la cartera demo', async () => {
    expect((await api('/api/clientes')).status).toBe(401);
    expect((await api('/api/clientes', 'token.falso.x')).status).toBe(401);
    const cliente = await idToken(DEMO.cliente);
    expect(await api('/api/clientes', cliente.token)).toMatchObject({
      status: 403,
      body: { message: 'No tienes permisos para realizar esta acción' },
    });
    const me = await api('/api/me', cliente.token);
    expect(me.body).toMatchObject({ email: DEMO.cliente, roles: [], cliente: { email: DEMO.cliente } });

    const admin = await idToken(DEMO.admin);
    const list = await api('/api/clientes?limit=100', admin.token);
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThanOrEqual(50);
    expect((await api('/api/me', admin.token)).body).toMatchObject({ roles: ['admin'], cliente: null });
  });

  test('WebSocket: sin token se rechaza; con token recibe la notificación insertada, después del commit', async () => {
    const rejected = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${new URL(BASE_URL).port}/ws`);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
    });
    expect(rejected).toBe(401);

    const { token, sub } = await idToken(DEMO.cliente);
    const ws = new WebSocket(`ws://127.0.0.1:${new URL(BASE_URL).port}/ws?token=${encodeURIComponent(token)}`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const received = new Promise<any>((resolve) => ws.on('message', (data) => resolve(JSON.parse(data.toString()))));

    const ddb = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: DYNAMO_URL,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    const id = `e2e-${Date.now()}`;
    const createdAt = new Date().toISOString();
    await ddb.send(
      new PutCommand({
        TableName: 'cuota',
        Item: {
          pk: `USUARIO#${sub}`,
          sk: `NOTIFICACION#${createdAt}#${id}`,
          tipo: 'notificacion',
          id,
          user_id: sub,
          titulo: 'Prueba en vivo',
          mensaje: 'Entregada por el stream',
          leida: false,
          created_at: createdAt,
        },
      }),
    );
    const started = Date.now();
    const message = await Promise.race([
      received,
      new Promise((_, reject) => setTimeout(() => reject(new Error('sin push en 5 s')), 5000)),
    ]);
    expect(message).toMatchObject({ type: 'notificacion', data: { id, titulo: 'Prueba en vivo' } });
    expect(Date.now() - started).toBeLessThan(2000);
    ws.close();
  });
});
