import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  ForgotPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { StaffRole } from '@cuota/shared';
import { importJWK, type JWK, type JWTPayload, SignJWT } from 'jose';
import { mkdirSync, rmSync } from 'node:fs';
import { type RequestListener, type Server } from 'node:http';
import { resolve } from 'node:path';
import { inject } from 'vitest';
import WebSocket from 'ws';

/**
 * The local stack in the test process: cognito-local (its own port and data folder), the
 * suite's DynamoDB Local, and an origin that serves `/api/*` through the local gateway
 * (`infra/local/gateway.ts`, the same code `npm start` runs: JWT verification, then the handler
 * module), `/cognito` through the same Cognito proxy (`infra/local/cognito-proxy.ts`) and `/ws`
 * through the local WebSocket adapter, plus the control port that runs the Cognito triggers and the
 * `@connections` endpoints (signed with this process's control key, as `npm start` does). Tokens
 * are real cognito-local ID tokens.
 */

export const PASSWORD = 'Cuota-Seguridad-2026!';
const HOST = '127.0.0.1';

export interface UsuarioPila {
  sub: string;
  email: string;
  idToken: string;
  accessToken: string;
}

export interface Respuesta {
  status: number;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer, checked field by field by the suites
  body: any;
}

/**
 * The claims of a well-formed ID token of the stack for `usuario` (issued now, valid 10 minutes):
 * the suites sign them with one key or another, or change one claim, to see what the gateway takes.
 */
export function reclamosDeId(
  pila: Pick<PilaLocal, 'issuer' | 'clientId'>,
  usuario: { sub: string; email: string },
  grupos: readonly StaffRole[] = ['admin'],
): JWTPayload {
  const ahora = Math.floor(Date.now() / 1000);
  return {
    sub: usuario.sub,
    email: usuario.email,
    'cognito:groups': [...grupos],
    iss: pila.issuer,
    aud: pila.clientId,
    token_use: 'id',
    iat: ahora,
    exp: ahora + 600,
  };
}

export interface PilaLocal {
  url: string;
  wsUrl: string;
  issuer: string;
  clientId: string;
  /** cognito-local itself (behind the proxy): for checks an attacker cannot make. */
  cognitoEndpoint: string;
  userPoolId: string;
  /** The control port (Lambda Invoke for the triggers, `@connections`). */
  controlUrl: string;
  /** The stack's control key as SDK credentials: the only ones cognito-local's port accepts. */
  credenciales: { accessKeyId: string; secretAccessKey: string };
  /** A new SDK client for cognito-local itself, signed with the stack's key (every call, public ones too). */
  clienteCognito(): CognitoIdentityProviderClient;
  /** The kid of the key cognito-local signs with (generated for the data folder). */
  kid: string;
  crearUsuario(u: { email: string; nombre: string; apellido: string; grupos?: readonly StaffRole[] }): Promise<UsuarioPila>;
  /** Signs claims with the key this stack's cognito-local signs with: tokens that differ from a real one in one claim. */
  firmar(claims: JWTPayload, header?: { alg?: string; kid?: string }): Promise<string>;
  api(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Respuesta>;
  /** Asks Cognito for a password-reset code for `email` and reads it where cognito-local keeps it (AWS would email it). */
  codigoRestablecimiento(email: string): Promise<string>;
  /** Opens `/ws` with `token`: 101 when it opened (it is closed at once), the HTTP status when refused, 0 on a network error. */
  abrirWebSocket(token: string): Promise<number>;
  /** The `/ws` endpoint's stream consumer: hands a batch of stream records to the push handler (as the poller does). */
  pushNotificaciones(records: unknown[]): Promise<void>;
  detener(): Promise<void>;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('sin puerto');
  return address.port;
}

export async function iniciarPila(): Promise<PilaLocal> {
  // support/directorio-local.ts set CUOTA_LOCAL_DIR before any module read it; check nothing beat it.
  const { LOCAL_DIR } = await import('../../infra/local/settings');
  const dir = process.env.CUOTA_LOCAL_DIR ?? '';
  if (!dir || resolve(dir) !== LOCAL_DIR) throw new Error(`la pila usaría ${LOCAL_DIR} en lugar de una carpeta temporal`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { archivoDeFirma, leerClaveDeFirma } = await import('../../infra/local/cognito-firma');
  const { conClaveDeControl, firmarClienteDeLasFunciones } = await import('../../infra/local/cognito-firmante');
  const { freePort } = await import('../../infra/local/dynamo-memory');
  const { startCognito, waitForPort } = await import('../../infra/local/services');
  const { ensureUserPool } = await import('../../infra/local/bootstrap');
  const { handleApi } = await import('../../infra/local/gateway');
  const { LocalWebSocketApi } = await import('../../infra/local/websocket');
  const { lambdaContext, loadHandler } = await import('../../infra/local/handlers');
  const { controlHandler } = await import('../../infra/local/control');
  const { proxyCognito } = await import('../../infra/local/cognito-proxy');
  const { CLAVE_DE_CONTROL } = await import('../../infra/local/settings');
  const { crearServidor, seguroUpgrade } = await import('../../infra/local/http-seguro');

  const dynamoPort = Number(new URL(inject('dynamoEndpoint')).port);
  const ws = new LocalWebSocketApi();

  // Control port first: cognito-local calls the PostAuthentication trigger on every sign-in.
  const control = crearServidor('control', controlHandler({ ws }));
  const controlPort = await listen(control);

  // until the pool exists (just below), /cognito answers 503
  let cognitoProxy: RequestListener = (_req, res) => void res.writeHead(503).end();
  const web = crearServidor('origen', (req, res) => {
    if ((req.url ?? '').startsWith('/api/')) return handleApi(req, res);
    if ((req.url ?? '').split('?')[0] === '/cognito') return cognitoProxy(req, res);
    res.writeHead(404).end();
  });
  web.on(
    'upgrade',
    seguroUpgrade('origen', (req, socket, head) => {
      if ((req.url ?? '').split('?')[0] === '/ws') return ws.upgrade(req, socket, head);
      socket.destroy();
    }),
  );
  const webPort = await listen(web);

  const ports = { web: webPort, dynamodb: dynamoPort, cognito: await freePort(), ses: await freePort(), control: controlPort };
  const cognitoService = startCognito(ports, false);
  await waitForPort(ports.cognito, 30_000, 'cognito-local');
  const pool = await ensureUserPool(ports);
  const issuer = `http://${HOST}:${ports.cognito}/${pool.userPoolId}`;
  cognitoProxy = proxyCognito({
    upstream: `http://${HOST}:${ports.cognito}/`,
    clientId: pool.clientId,
    userPoolId: pool.userPoolId,
  });
  Object.assign(process.env, {
    USER_POOL_ID: pool.userPoolId,
    COGNITO_CLIENT_ID: pool.clientId,
    COGNITO_ISSUER: issuer,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: `http://${HOST}:${ports.cognito}`,
    WS_CALLBACK_URL: `http://${HOST}:${controlPort}`,
    // the @connections client signs with the control port's key, as handlerEnv sets it for `npm start`
    AWS_ACCESS_KEY_ID: CLAVE_DE_CONTROL,
  });
  await firmarClienteDeLasFunciones();

  // cognito-local answers only calls signed with the stack's key (infra/local/cognito-local.ts)
  const credenciales = { accessKeyId: CLAVE_DE_CONTROL, secretAccessKey: 'local' };
  const clienteCognito = () =>
    conClaveDeControl(
      new CognitoIdentityProviderClient({
        endpoint: `http://${HOST}:${ports.cognito}`,
        region: 'us-east-1',
        credentials: credenciales,
      }),
    );
  const cognito = clienteCognito();
  // the key this data folder's cognito-local signs with (infra/local/cognito-firma.ts)
  const firma = leerClaveDeFirma(archivoDeFirma(LOCAL_DIR));
  const privateKey = await importJWK(firma.privada as JWK, 'RS256');

  const url = `http://${HOST}:${webPort}`;
  return {
    url,
    wsUrl: `ws://${HOST}:${webPort}/ws`,
    issuer,
    clientId: pool.clientId,
    cognitoEndpoint: `http://${HOST}:${ports.cognito}`,
    userPoolId: pool.userPoolId,
    controlUrl: `http://${HOST}:${controlPort}`,
    credenciales,
    clienteCognito,
    kid: firma.kid,

    abrirWebSocket(token) {
      return new Promise((resolve) => {
        const ws = new WebSocket(`ws://${HOST}:${webPort}/ws?token=${encodeURIComponent(token)}`);
        ws.on('open', () => {
          ws.close();
          resolve(101);
        });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('error', () => resolve(0));
      });
    },

    async crearUsuario({ email, nombre, apellido, grupos = [] }) {
      const created = await cognito.send(
        new AdminCreateUserCommand({
          UserPoolId: pool.userPoolId,
          Username: email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
            { Name: 'given_name', Value: nombre },
            { Name: 'family_name', Value: apellido },
          ],
        }),
      );
      const username = created.User!.Username!;
      await cognito.send(
        new AdminSetUserPasswordCommand({ UserPoolId: pool.userPoolId, Username: username, Password: PASSWORD, Permanent: true }),
      );
      for (const grupo of grupos) {
        await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: pool.userPoolId, Username: username, GroupName: grupo }));
      }
      const auth = await cognito.send(
        new InitiateAuthCommand({
          ClientId: pool.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD },
        }),
      );
      const idToken = auth.AuthenticationResult!.IdToken!;
      const { sub } = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string };
      return { sub, email, idToken, accessToken: auth.AuthenticationResult!.AccessToken! };
    },

    async firmar(claims, header = {}) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: header.alg ?? 'RS256', kid: header.kid ?? firma.kid })
        .sign(privateKey);
    },

    async api(method, path, opts = {}) {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: {
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...opts.headers,
        },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
      const text = await res.text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      return { status: res.status, text, body };
    },

    async codigoRestablecimiento(email) {
      const { esperarCodigoDeRestablecimiento } = await import('../../infra/local/cognito-codigos');
      await cognito.send(new ForgotPasswordCommand({ ClientId: pool.clientId, Username: email }));
      return esperarCodigoDeRestablecimiento(LOCAL_DIR, pool.userPoolId, email);
    },

    async pushNotificaciones(records) {
      const handler = await loadHandler('realtime/push-notificaciones');
      await handler({ Records: records }, lambdaContext('push-notificaciones'));
    },

    async detener() {
      ws.close();
      web.closeAllConnections();
      control.closeAllConnections();
      await Promise.all([new Promise((r) => web.close(r)), new Promise((r) => control.close(r))]);
      cognitoService.process.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
