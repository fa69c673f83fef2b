/**
 * cognito-local as the local stack runs it: `node --import tsx cognito-local.ts` (same environment
 * and working folder as its own bin, which this ends by starting).
 *
 * The emulator lacks some calls the functions make on AWS, or answers them differently; rather than
 * the Lambda code carrying a branch for the emulator, the emulator is taught to answer like AWS:
 * - AdminResetUserPassword: a reset code sent to the user's email, as ForgotPassword sends it (the
 *   code is kept on the user and printed, like every code cognito-local "delivers"). AWS also marks
 *   the user RESET_REQUIRED; here the current password keeps working until the reset, as it did
 *   when the functions fell back to ForgotPassword.
 * - AdminUserGlobalSignOut: accepted. AWS revokes the user's refresh tokens; cognito-local's stay
 *   valid (as they did when the functions skipped the call locally).
 * - ChangePassword with a wrong current password: NotAuthorizedException, as AWS answers (the
 *   emulator says InvalidPasswordException, AWS's name for a refused new password).
 *
 * And it is closed to everyone but the stack:
 * - a guard in front of its server (`guardia`): every call must name the stack's control key as
 *   its SigV4 `Credential=` (the stack's SDK clients and the /cognito proxy sign with it; the
 *   emulator checks no signature by itself, so anyone on the machine could list the users or add
 *   themselves to the admin group); a request from a browser (an `Origin` header) is refused and
 *   no CORS header is ever sent (the emulator answered `Access-Control-Allow-Origin: *`). Only the
 *   pool's JWKS and OpenID configuration are open, for the token verifiers.
 * - tokens are signed with the data folder's own key (cognito-firma.ts), not the private key in
 *   the emulator's package, and the JWKS publishes that key.
 */
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { type ClaveDeFirma, jwkPublica, leerClaveDeFirma, pemPrivada } from './cognito-firma';
import { autorizadoEnControl } from './control-clave';

const require = createRequire(import.meta.url);

interface Ctx {
  logger: unknown;
}
interface Usuario {
  Username: string;
  Attributes?: Array<{ Name: string; Value?: string }>;
}
interface UserPool {
  options: { Id: string };
  getUserByUsername(ctx: Ctx, username: string): Promise<Usuario | null>;
  saveUser(ctx: Ctx, user: Usuario & Record<string, unknown>): Promise<void>;
}
interface Services {
  cognito: { getUserPool(ctx: Ctx, id: string): Promise<UserPool> };
  clock: { get(): Date };
  otp: () => string;
  messages: {
    deliver(
      ctx: Ctx,
      source: string,
      clientId: string | null,
      userPoolId: string,
      user: Usuario,
      code: string,
      clientMetadata: unknown,
      deliveryDetails: { AttributeName: string; DeliveryMedium: string; Destination: string },
    ): Promise<void>;
  };
}
type Target = (services: Services) => (ctx: Ctx, req: Record<string, unknown>) => Promise<unknown>;

const { Targets } = require('cognito-local/lib/targets/targets') as { Targets: Record<string, Target> };
const errors = require('cognito-local/lib/errors') as {
  UserNotFoundError: new () => Error;
  UnsupportedError: new (message: string) => Error;
  InvalidPasswordError: new () => Error;
  NotAuthorizedError: new (message?: string) => Error;
};

async function usuario(services: Services, ctx: Ctx, req: Record<string, unknown>) {
  const pool = await services.cognito.getUserPool(ctx, String(req.UserPoolId));
  const user = await pool.getUserByUsername(ctx, String(req.Username));
  if (!user) throw new errors.UserNotFoundError();
  return { pool, user };
}

Targets.AdminResetUserPassword = (services) => async (ctx, req) => {
  const { pool, user } = await usuario(services, ctx, req);
  const email = user.Attributes?.find((a) => a.Name === 'email')?.Value;
  if (!email) throw new errors.UnsupportedError('AdminResetUserPassword without email on user');
  const code = services.otp();
  await services.messages.deliver(ctx, 'ForgotPassword', null, pool.options.Id, user, code, req.ClientMetadata, {
    AttributeName: 'email',
    DeliveryMedium: 'EMAIL',
    Destination: email,
  });
  await pool.saveUser(ctx, { ...user, UserLastModifiedDate: services.clock.get(), ConfirmationCode: code });
  return {};
};

Targets.AdminUserGlobalSignOut = (services) => async (ctx, req) => {
  await usuario(services, ctx, req);
  return {};
};

const changePassword = Targets.ChangePassword!;
Targets.ChangePassword = (services) => {
  const target = changePassword(services);
  return async (ctx, req) => {
    try {
      return await target(ctx, req);
    } catch (error) {
      if (error instanceof errors.InvalidPasswordError) throw new errors.NotAuthorizedError('Incorrect username or password.');
      throw error;
    }
  };
};

/** The emulator's key files, as its token generator and its JWKS route read them (at each use): now the folder's key. */
function firmarConClavePropia(clave: ClaveDeFirma): void {
  const privada = require('cognito-local/lib/keys/cognitoLocal.private.json') as Record<string, unknown>;
  const publica = require('cognito-local/lib/keys/cognitoLocal.public.json') as Record<string, unknown>;
  for (const k of Object.keys(privada)) delete privada[k];
  for (const k of Object.keys(publica)) delete publica[k];
  privada.pem = pemPrivada(clave);
  publica.jwk = jwkPublica(clave);
  // the token generator names its key "CognitoLocal"; the tokens name this one
  const generador = require.resolve('cognito-local/lib/services/tokenGenerator');
  const jwt = require(require.resolve('jsonwebtoken', { paths: [dirname(generador)] })) as {
    sign: (payload: unknown, key: unknown, options?: Record<string, unknown>, callback?: unknown) => unknown;
  };
  const sign = jwt.sign;
  jwt.sign = (payload, key, options, callback) =>
    sign(payload, key, options?.keyid === undefined ? options : { ...options, keyid: clave.kid }, callback);
}

const ABIERTAS = /^\/[\w-]+\/\.well-known\/(jwks\.json|openid-configuration)(\?.*)?$/;

function rechazar(res: ServerResponse, message: string): void {
  res.writeHead(403, {
    'content-type': 'application/x-amz-json-1.1',
    'x-amzn-errortype': 'AccessDeniedException',
    'cache-control': 'no-store',
  });
  res.end(JSON.stringify({ __type: 'AccessDeniedException', message }));
}

/** The emulator's app behind the stack's key, without a browser origin and without CORS. */
export function guardia(app: RequestListener, clave: string): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers.origin !== undefined) return rechazar(res, 'cognito-local does not answer browsers');
    const abierta = req.method === 'GET' && ABIERTAS.test(req.url ?? '');
    if (!abierta && !autorizadoEnControl(req, clave)) return rechazar(res, 'cognito-local answers only the local stack');
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name, value) => (name.toLowerCase().startsWith('access-control-') ? res : setHeader(name, value));
    app(req, res);
  };
}

async function arrancar(): Promise<void> {
  const clave = process.env.CUOTA_CLAVE_DE_CONTROL;
  const archivoDeFirma = process.env.CUOTA_CLAVE_DE_FIRMA;
  if (!clave || !archivoDeFirma) throw new Error('cognito-local.ts needs CUOTA_CLAVE_DE_CONTROL and CUOTA_CLAVE_DE_FIRMA');
  firmarConClavePropia(leerClaveDeFirma(archivoDeFirma));
  // the logger of cognito-local's own bin (lib/bin/start.js): the stack reads the codes it prints
  const requireBin = createRequire(require.resolve('cognito-local/lib/bin/start.js'));
  const pino = requireBin('pino') as (options: unknown, stream: unknown) => unknown;
  const pretty = requireBin('pino-pretty') as (options: unknown) => unknown;
  const logger = pino(
    { level: process.env.DEBUG ? 'debug' : 'info' },
    pretty({
      colorize: true,
      ignore: 'pid,name,hostname',
      singleLine: true,
      messageFormat: (log: Record<string, unknown>, messageKey: string) =>
        `${String(log.reqId ?? 'NONE')} ${String(log.target ?? 'NONE')} ${String(log[messageKey])}`,
    }),
  );
  const { createDefaultServer } = require('cognito-local/lib/server/defaults') as {
    createDefaultServer: (logger: unknown) => Promise<{ application: RequestListener }>;
  };
  const { application } = await createDefaultServer(logger);
  const server = createServer(guardia(application, clave));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(process.env.PORT ?? 9229), process.env.HOST ?? '127.0.0.1', resolve);
  });
}

arrancar().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
