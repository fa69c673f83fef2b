import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { logger } from '@cuota/functions/commons/logger';
import { TEXTS } from '@cuota/shared';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleApi, MAX_BODY } from './gateway';

// No DynamoDB in this project: the token's user has no access item (no restriction beyond the token).
vi.mock('@cuota/functions/commons/acceso', async (original) => ({
  ...(await original<typeof import('@cuota/functions/commons/acceso')>()),
  leerAcceso: async () => null,
  callerVigente: async <C>(caller: C) => caller,
}));

/**
 * The local gateway refuses bodies over the limit with 413 before verifying a token, buffering
 * or parsing them (issue 7 "Oversized bodies are refused before parsing"), both when the size is
 * declared (Content-Length) and when a chunked upload only reveals it on the way.
 */

let api: Server;
let jwks: Server;
let base: string;
let token: string;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** One request; `chunked` sends the body in 64 KB pieces without Content-Length. */
function enviar(opts: {
  body: string;
  token?: string;
  chunked?: boolean;
}): Promise<{ status: number; body: any; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (!opts.chunked) headers['content-length'] = String(Buffer.byteLength(opts.body));
    const req = request(`${base}/api/clientes`, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, headers: res.headers });
      });
    });
    req.on('error', reject);
    if (opts.chunked) {
      for (let i = 0; i < opts.body.length; i += 64 * 1024) req.write(opts.body.slice(i, i + 64 * 1024));
      req.end();
    } else req.end(opts.body);
  });
}

beforeAll(async () => {
  logger.setLogLevel('SILENT');
  // a stand-in for the user pool: its JWKS on loopback, and an admin ID token signed with it
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  jwks = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  const issuer = `http://127.0.0.1:${await listen(jwks)}`;
  process.env.COGNITO_ISSUER = issuer;
  process.env.COGNITO_CLIENT_ID = 'cliente-web';
  // staff MFA is required when MFA_PERSONAL is unset (fails closed): this admin has TOTP
  token = await new SignJWT({ token_use: 'id', email: 'admin@prueba.cr', 'cognito:groups': ['admin'], cuota_mfa: 'totp' })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(issuer)
    .setAudience('cliente-web')
    .setSubject('admin-limite')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);
  api = createServer((req, res) => void handleApi(req, res));
  base = `http://127.0.0.1:${await listen(api)}`;
});

afterAll(() => {
  api?.close();
  jwks?.close();
});

describe('límite del cuerpo en el gateway local', () => {
  const grande = 'x'.repeat(MAX_BODY + 1);

  it('es el mismo límite que el del Lambda (256 KB)', () => {
    expect(MAX_BODY).toBe(256 * 1024);
  });

  it('un Content-Length mayor al límite → 413 en español, antes incluso de verificar el token', async () => {
    const res = await enviar({ body: grande });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: TEXTS.errors.payloadTooLarge });
    expect(res.headers.connection).toBe('close');
  });

  it('una subida chunked que pasa el límite → 413 sin llegar al handler (que respondería 400 por JSON inválido)', async () => {
    const res = await enviar({ body: grande, token, chunked: true });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('un cuerpo justo en el límite sí llega al handler (aquí un JSON inválido: 400 en español)', async () => {
    const justo = 'x'.repeat(MAX_BODY);
    for (const chunked of [false, true]) {
      const res = await enviar({ body: justo, token, chunked });
      expect(res.status, `chunked=${chunked}`).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: TEXTS.validacionGenerica.cuerpoJson });
    }
  });
});
