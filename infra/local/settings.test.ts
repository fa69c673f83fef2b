import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

/*
 * The local data folder holds cognito-local's users (passwords, TOTP secrets, refresh tokens) and
 * the control key: only the user running the stack may enter it, also when it was made before.
 */
const raiz = mkdtempSync(join(tmpdir(), 'cuota-carpeta-'));
afterEach(() => {
  delete process.env.CUOTA_LOCAL_DIR;
  vi.resetModules();
});

describe('crearCarpetaLocal', () => {
  it('crea la carpeta 0700 y cierra a 0700 una que ya existía abierta (0755)', async () => {
    const nueva = join(raiz, 'nueva');
    const vieja = join(raiz, 'vieja');
    mkdirSync(vieja, { mode: 0o755 });
    for (const carpeta of [nueva, vieja]) {
      process.env.CUOTA_LOCAL_DIR = carpeta;
      vi.resetModules();
      const { crearCarpetaLocal } = await import('./settings');
      crearCarpetaLocal();
      expect(statSync(carpeta).mode & 0o777).toBe(0o700);
    }
    rmSync(raiz, { recursive: true, force: true });
  });
});

describe('handlerEnv: MFA del personal', () => {
  it("localmente es 'opcional' (los usuarios demo no tienen app de autenticación), salvo que MFA_PERSONAL diga otra cosa", async () => {
    const { handlerEnv, portsFrom } = await import('./settings');
    const pool = { userPoolId: 'p', clientId: 'c' };
    expect(handlerEnv(portsFrom({}), pool).MFA_PERSONAL).toBe('opcional');
    vi.stubEnv('MFA_PERSONAL', 'obligatoria');
    try {
      expect(handlerEnv(portsFrom({}), pool).MFA_PERSONAL).toBe('obligatoria');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

/*
 * `npm run start:localstack` (CUOTA_LOCALSTACK=1): the functions' clients, the table and stream
 * bootstrap, the web config and the CSP follow AWS_ENDPOINT_URL for what LocalStack's free plan
 * serves (DynamoDB and its stream); SESv2 and Cognito only with their switch (paid plans); a
 * per-service variable wins, as in the SDK. `npm start` ignores all of them.
 */
describe('destinoAws', () => {
  const ports = { web: 3000, dynamodb: 3001, cognito: 3002, ses: 3003, control: 3004 };
  const pool = { userPoolId: 'us-east-1_abc', clientId: 'cliente' };
  const LS = 'http://127.0.0.1:4566';
  afterEach(() => vi.unstubAllEnvs());

  async function modulos() {
    vi.resetModules();
    return { ...(await import('./settings')), ...(await import('./web')) };
  }
  const connectSrc = (headers: Record<string, string>) =>
    /connect-src ([^;]*)/.exec(headers['content-security-policy'] ?? '')?.[1] ?? '';

  it('npm start: los emuladores propios, aunque el entorno traiga AWS_ENDPOINT_URL y las de cada servicio', async () => {
    vi.stubEnv('CUOTA_LOCALSTACK', '');
    vi.stubEnv('AWS_ENDPOINT_URL', LS);
    vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', 'http://127.0.0.1:8000');
    vi.stubEnv('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER', 'http://127.0.0.1:8002');
    vi.stubEnv('CUOTA_COGNITO', 'localstack');
    const { destinoAws, emuladoresPropios, handlerEnv, runtimeConfig, securityHeaders } = await modulos();
    const env = handlerEnv(ports, pool);
    expect(env).not.toHaveProperty('AWS_ENDPOINT_URL');
    expect(env.AWS_ENDPOINT_URL_DYNAMODB).toBe('http://127.0.0.1:3001');
    expect(env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER).toBe('http://127.0.0.1:3002');
    expect(env.AWS_ENDPOINT_URL_SESV2).toBe('http://127.0.0.1:3003');
    expect(env.SES_LOCAL_STORE_URL).toBe('http://127.0.0.1:3003/store');
    expect(env.COGNITO_ISSUER).toBe('http://127.0.0.1:3002/us-east-1_abc');
    expect(emuladoresPropios(ports, destinoAws(ports))).toEqual({ dynamodb: true, cognito: true, ses: true });
    expect(runtimeConfig(ports, pool).auth.userPoolEndpoint).toBe('http://127.0.0.1:3000/cognito');
    expect(connectSrc(securityHeaders(ports))).not.toContain('4566');
  });

  it('npm start quita de process.env el AWS_ENDPOINT_URL del shell (los handlers corren en este proceso); start:localstack lo deja', async () => {
    const antes = { ...process.env };
    try {
      vi.stubEnv('CUOTA_LOCALSTACK', '');
      vi.stubEnv('AWS_ENDPOINT_URL', LS);
      const { aplicarHandlerEnv, handlerEnv } = await modulos();
      aplicarHandlerEnv(handlerEnv(ports, pool));
      expect(process.env).not.toHaveProperty('AWS_ENDPOINT_URL');
      expect(process.env.AWS_ENDPOINT_URL_DYNAMODB).toBe('http://127.0.0.1:3001');

      vi.stubEnv('CUOTA_LOCALSTACK', '1');
      vi.stubEnv('AWS_ENDPOINT_URL', LS);
      aplicarHandlerEnv(handlerEnv(ports, pool));
      expect(process.env.AWS_ENDPOINT_URL).toBe(LS);
    } finally {
      // the other values aplicarHandlerEnv wrote must not reach the next tests
      for (const clave of Object.keys(process.env)) if (!(clave in antes)) delete process.env[clave];
      Object.assign(process.env, antes);
    }
  });

  it('start:localstack: DynamoDB (y su stream) en AWS_ENDPOINT_URL; Cognito y SES siguen en los emuladores', async () => {
    vi.stubEnv('CUOTA_LOCALSTACK', '1');
    vi.stubEnv('AWS_ENDPOINT_URL', `${LS}/`);
    const { destinoAws, emuladoresPropios, handlerEnv, runtimeConfig, securityHeaders } = await modulos();
    const destino = destinoAws(ports);
    expect(destino.dynamodb).toBe(LS);
    expect(emuladoresPropios(ports, destino)).toEqual({ dynamodb: false, cognito: true, ses: true });
    const env = handlerEnv(ports, pool);
    expect(env.AWS_ENDPOINT_URL).toBe(LS);
    expect(env.AWS_ENDPOINT_URL_DYNAMODB).toBe(LS);
    expect(env.AWS_ENDPOINT_URL_SESV2).toBe('http://127.0.0.1:3003');
    expect(env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER).toBe('http://127.0.0.1:3002');
    const config = runtimeConfig(ports, pool);
    expect(config.auth.userPoolEndpoint).toBe('http://127.0.0.1:3000/cognito');
    expect(config.apiUrl).toBe('/api');
    expect(config.wsUrl).toBe('ws://127.0.0.1:3000/ws');
    expect(connectSrc(securityHeaders(ports))).not.toContain('4566');
  });

  it('CUOTA_SES y CUOTA_COGNITO=localstack: correo, libro, emisor, config.json y CSP en LocalStack', async () => {
    vi.stubEnv('CUOTA_LOCALSTACK', '1');
    vi.stubEnv('AWS_ENDPOINT_URL', LS);
    vi.stubEnv('CUOTA_SES', 'localstack');
    vi.stubEnv('CUOTA_COGNITO', 'localstack');
    const { destinoAws, emuladoresPropios, handlerEnv, runtimeConfig, securityHeaders } = await modulos();
    expect(emuladoresPropios(ports, destinoAws(ports))).toEqual({ dynamodb: false, cognito: false, ses: false });
    const env = handlerEnv(ports, pool);
    expect(env.AWS_ENDPOINT_URL_SESV2).toBe(LS);
    expect(env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER).toBe(LS);
    expect(env.SES_LOCAL_STORE_URL).toBe(`${LS}/_aws/ses`);
    expect(env.COGNITO_ISSUER).toBe(`${LS}/us-east-1_abc`);
    const config = runtimeConfig(ports, pool);
    expect(config.auth.userPoolEndpoint).toBe(LS);
    // the API and the WebSocket stay on the built-in gateways (API Gateway v2 is a paid feature)
    expect(config.apiUrl).toBe('/api');
    expect(config.wsUrl).toBe('ws://127.0.0.1:3000/ws');
    expect(connectSrc(securityHeaders(ports)).split(' ')).toContain(LS);
  });

  it('start:localstack sin AWS_ENDPOINT_URL: LocalStack en http://localhost:4566', async () => {
    vi.stubEnv('CUOTA_LOCALSTACK', '1');
    vi.stubEnv('AWS_ENDPOINT_URL', '');
    const { destinoAws, handlerEnv } = await modulos();
    expect(destinoAws(ports).localstack).toBe('http://localhost:4566');
    expect(handlerEnv(ports, pool).AWS_ENDPOINT_URL_DYNAMODB).toBe('http://localhost:4566');
  });

  it('una variable por servicio gana a AWS_ENDPOINT_URL', async () => {
    vi.stubEnv('CUOTA_LOCALSTACK', '1');
    vi.stubEnv('AWS_ENDPOINT_URL', LS);
    vi.stubEnv('CUOTA_COGNITO', 'localstack');
    vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', 'http://127.0.0.1:8000');
    vi.stubEnv('AWS_ENDPOINT_URL_SESV2', 'http://127.0.0.1:8001/');
    vi.stubEnv('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER', 'http://127.0.0.1:8002');
    const { destinoAws, emuladoresPropios, handlerEnv, runtimeConfig, securityHeaders } = await modulos();
    const env = handlerEnv(ports, pool);
    expect(env.AWS_ENDPOINT_URL_DYNAMODB).toBe('http://127.0.0.1:8000');
    expect(env.AWS_ENDPOINT_URL_SESV2).toBe('http://127.0.0.1:8001');
    expect(env.SES_LOCAL_STORE_URL).toBe('http://127.0.0.1:8001/_aws/ses');
    expect(env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER).toBe('http://127.0.0.1:8002');
    expect(emuladoresPropios(ports, destinoAws(ports))).toEqual({ dynamodb: false, cognito: false, ses: false });
    expect(runtimeConfig(ports, pool).auth.userPoolEndpoint).toBe('http://127.0.0.1:8002');
    const csp = connectSrc(securityHeaders(ports)).split(' ');
    expect(csp).toContain('http://127.0.0.1:8002');
    expect(csp).not.toContain(LS);
  });
});
