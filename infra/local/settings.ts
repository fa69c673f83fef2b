import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the local stack keeps its data and which loopback ports it uses (all derived from PORT). */
export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const LOCAL_DIR = resolve(ROOT, process.env.CUOTA_LOCAL_DIR ?? '.local');

/** Creates the data folder readable only by its user (it holds the control key and the token signing key). */
export function crearCarpetaLocal(): void {
  mkdirSync(LOCAL_DIR, { recursive: true, mode: 0o700 });
  // a folder made before (0755) keeps its mode under mkdirSync: cognito-local's data in it holds
  // every user's password, TOTP secret and refresh tokens, so only this user may enter it
  chmodSync(LOCAL_DIR, 0o700);
}

export interface Ports {
  web: number;
  dynamodb: number;
  cognito: number;
  ses: number;
  control: number;
}

export function portsFrom(env: NodeJS.ProcessEnv = process.env): Ports {
  const web = Number(env.PORT ?? 3000);
  if (!Number.isInteger(web) || web < 1 || web > 65530) throw new Error(`PORT inválido: ${env.PORT}`);
  return { web, dynamodb: web + 1, cognito: web + 2, ses: web + 3, control: web + 4 };
}

export const HOST = '127.0.0.1';
export const REGION = 'us-east-1';
export const DEMO_PASSWORD = 'Cuota-Demo-2026!';

export const DEMO_USERS = [
  { email: 'admin@demo.cr', nombre: 'Adriana', apellido: 'Vargas', roles: ['admin'] },
  { email: 'analista@demo.cr', nombre: 'Luis', apellido: 'Jiménez', roles: ['analista'] },
  { email: 'cobrador@demo.cr', nombre: 'Marco', apellido: 'Solano', roles: ['cobrador'] },
  { email: 'cliente@demo.cr', nombre: 'Carolina', apellido: 'Mora', roles: [] },
] as const;

/**
 * The control port's per-start secret: the access key id the stack's own AWS clients sign with
 * (the handlers' `@connections` and Cognito clients through handlerEnv, cognito-local's Lambda
 * client through its config, the bootstrap, the /cognito proxy). The control port, and
 * cognito-local's port (cognito-local.ts), refuse a request whose SigV4 `Credential=` names another key
 * (control.ts); the job callers outside the process read it from CONTROL_KEY_FILE.
 */
export const CLAVE_DE_CONTROL = `LOCAL${randomBytes(16).toString('hex').toUpperCase()}`;

/**
 * Where the stack's AWS calls go. `npm start`: the built-in stand-ins (DynamoDB Local, cognito-local,
 * aws-ses-v2-local), whatever AWS_ENDPOINT_URL* the shell or a parent process has exported.
 * `npm run start:localstack` (CUOTA_LOCALSTACK=1): LocalStack at AWS_ENDPOINT_URL (default
 * http://localhost:4566) for DynamoDB and its stream (its free plan serves both), and for SESv2 and
 * Cognito user pools only when CUOTA_SES=localstack / CUOTA_COGNITO=localstack say so, because
 * LocalStack serves them only on its paid plans (infra/README.md, "LocalStack"); otherwise they stay
 * on the stand-ins. There a per-service variable (AWS_ENDPOINT_URL_DYNAMODB, _SESV2,
 * _COGNITO_IDENTITY_PROVIDER) wins, as it does in the SDK. The API and WebSocket gateways are always
 * the built-in ones (gateway.ts, websocket.ts).
 */
export interface DestinoAws {
  /** The LocalStack endpoint (CUOTA_LOCALSTACK=1: AWS_ENDPOINT_URL), or null for the built-in stand-ins only. */
  localstack: string | null;
  dynamodb: string;
  sesv2: string;
  cognito: string;
  /** The SES ledger: aws-ses-v2-local's /store, or LocalStack's /_aws/ses (ses-libro.ts reads both). */
  sesLibro: string;
}

const sinBarraFinal = (url: string) => url.replace(/\/+$/, '');
/** Where `docker run -p 4566:4566 localstack/localstack` listens. */
export const LOCALSTACK_POR_DEFECTO = 'http://localhost:4566';

export function destinoAws(ports: Ports, env: NodeJS.ProcessEnv = process.env): DestinoAws {
  const localstack = env.CUOTA_LOCALSTACK === '1' ? sinBarraFinal(env.AWS_ENDPOINT_URL || LOCALSTACK_POR_DEFECTO) : null;
  const local = (port: number) => `http://${HOST}:${port}`;
  const elegir = (propio: string | undefined, enLocalstack: boolean, port: number) =>
    !localstack ? local(port) : propio ? sinBarraFinal(propio) : enLocalstack ? localstack : local(port);
  const sesv2 = elegir(env.AWS_ENDPOINT_URL_SESV2, env.CUOTA_SES === 'localstack', ports.ses);
  return {
    localstack,
    dynamodb: elegir(env.AWS_ENDPOINT_URL_DYNAMODB, true, ports.dynamodb),
    sesv2,
    cognito: elegir(env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER, env.CUOTA_COGNITO === 'localstack', ports.cognito),
    sesLibro: sesv2 === local(ports.ses) ? `${sesv2}/store` : `${sesv2}/_aws/ses`,
  };
}

/** Whether the stack starts its own emulator for the service (none when another endpoint serves it). */
export const emuladoresPropios = (ports: Ports, destino: DestinoAws) => ({
  dynamodb: destino.dynamodb === `http://${HOST}:${ports.dynamodb}`,
  cognito: destino.cognito === `http://${HOST}:${ports.cognito}`,
  ses: destino.sesv2 === `http://${HOST}:${ports.ses}`,
});

/**
 * Puts {@link handlerEnv}'s values into the environment the in-process handlers read (this process's).
 * `npm start` also drops an AWS_ENDPOINT_URL the shell exported: handlerEnv leaves it out, and an SDK
 * client without a per-service variable would otherwise still follow it to wherever it points.
 */
export function aplicarHandlerEnv(valores: Record<string, string>, entorno: NodeJS.ProcessEnv = process.env): void {
  Object.assign(entorno, valores);
  if (!('AWS_ENDPOINT_URL' in valores)) delete entorno.AWS_ENDPOINT_URL;
}

/** Environment the handler modules run with locally: same code as on AWS, local endpoints. */
export function handlerEnv(
  ports: Ports,
  pool: { userPoolId: string; clientId: string },
  destino: DestinoAws = destinoAws(ports),
): Record<string, string> {
  return {
    AWS_REGION: REGION,
    AWS_ACCESS_KEY_ID: CLAVE_DE_CONTROL,
    AWS_SECRET_ACCESS_KEY: 'local',
    // any other client of the SDK (none today) would follow AWS_ENDPOINT_URL to LocalStack
    ...(destino.localstack ? { AWS_ENDPOINT_URL: destino.localstack } : {}),
    AWS_ENDPOINT_URL_DYNAMODB: destino.dynamodb,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: destino.cognito,
    AWS_ENDPOINT_URL_SESV2: destino.sesv2,
    AWS_ENDPOINT_URL_SES: destino.sesv2,
    TABLE_NAME: 'cuota',
    USER_POOL_ID: pool.userPoolId,
    COGNITO_CLIENT_ID: pool.clientId,
    COGNITO_ISSUER: `${destino.cognito}/${pool.userPoolId}`,
    WS_CALLBACK_URL: `http://${HOST}:${ports.control}`,
    SES_FROM: 'no-responder@cuota.cr',
    // the campaign sender's delivery ledger locally: every message the local SES (or LocalStack's) accepted
    SES_LOCAL_STORE_URL: destino.sesLibro,
    // every local client (browser, e2e, bench) shares 127.0.0.1: per-IP attempt limits ×10 (commons/limites.ts)
    LIMITE_FACTOR_IP: process.env.LIMITE_FACTOR_IP ?? '10',
    // staff MFA optional locally (the demo users have no authenticator app); AWS requires it (context staffMfa)
    MFA_PERSONAL: process.env.MFA_PERSONAL ?? 'opcional',
    POWERTOOLS_DEV: process.env.POWERTOOLS_DEV ?? 'false',
    // no X-Ray daemon here, and EMF metric lines would flood the terminal (commons/observabilidad.ts)
    POWERTOOLS_TRACE_ENABLED: 'false',
    POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
  };
}
