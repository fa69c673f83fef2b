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

/** Environment the handler modules run with locally: same code as on AWS, local endpoints. */
export function handlerEnv(ports: Ports, pool: { userPoolId: string; clientId: string }): Record<string, string> {
  return {
    AWS_REGION: REGION,
    AWS_ACCESS_KEY_ID: CLAVE_DE_CONTROL,
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: `http://${HOST}:${ports.dynamodb}`,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: `http://${HOST}:${ports.cognito}`,
    AWS_ENDPOINT_URL_SESV2: `http://${HOST}:${ports.ses}`,
    AWS_ENDPOINT_URL_SES: `http://${HOST}:${ports.ses}`,
    TABLE_NAME: 'cuota',
    USER_POOL_ID: pool.userPoolId,
    COGNITO_CLIENT_ID: pool.clientId,
    COGNITO_ISSUER: `http://${HOST}:${ports.cognito}/${pool.userPoolId}`,
    WS_CALLBACK_URL: `http://${HOST}:${ports.control}`,
    SES_FROM: 'no-responder@cuota.cr',
    // the campaign sender's delivery ledger locally: every message aws-ses-v2-local accepted
    SES_LOCAL_STORE_URL: `http://${HOST}:${ports.ses}/store`,
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
