import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { importJWK, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iniciarPila, reclamosDeId, type PilaLocal, type UsuarioPila } from '../support/local-stack';

/**
 * cognito-local itself, on PORT+2 (issue 17 review, H2/H3/M3). The emulator checks no IAM
 * signature and answered every origin (`Access-Control-Allow-Origin: *`): any local process or web
 * page could list the users or put itself in the admin group, bypassing the /cognito allowlist.
 * And it signed tokens with the private key shipped in its package, which the gateway trusted, so
 * anyone could mint an admin token. Now the emulator sits behind a guard (the stack's control key
 * as the SigV4 `Credential=` on every call, no browser origin, no CORS; only the JWKS and the
 * OpenID configuration are open) and signs with a key generated for the data folder.
 */

const require = createRequire(import.meta.url);
let pila: PilaLocal;
let cliente: UsuarioPila;
const suf = Date.now().toString(36);

/** A call to the emulator as a process on the machine (or a page through fetch) would make it: no stack key. */
const directo = (target: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${pila.cognitoEndpoint}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
      ...headers,
    },
    body: JSON.stringify(body),
  });

const firmaFalsa = (clave: string) =>
  `AWS4-HMAC-SHA256 Credential=${clave}/19700101/us-east-1/cognito-idp/aws4_request, SignedHeaders=host, Signature=0`;

async function gruposDe(email: string): Promise<string[]> {
  const res = await fetch(`${pila.cognitoEndpoint}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.AdminListGroupsForUser',
      authorization: firmaFalsa(pila.credenciales.accessKeyId),
    },
    body: JSON.stringify({ UserPoolId: pila.userPoolId, Username: email }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { Groups: Array<{ GroupName: string }> }).Groups.map((g) => g.GroupName);
}

beforeAll(async () => {
  pila = await iniciarPila();
  cliente = await pila.crearUsuario({ email: `cliente.emulador.${suf}@prueba.cr`, nombre: 'Eva', apellido: 'Cliente' });
});
afterAll(() => pila?.detener());

describe('el puerto de cognito-local solo sirve a la pila', () => {
  it('ListUsers sin la clave de la pila: rechazado, sin usuarios en la respuesta', async () => {
    const sinClave: Array<Record<string, string>> = [
      {},
      { authorization: firmaFalsa('local') },
      { authorization: firmaFalsa('LOCAL0') },
    ];
    for (const headers of sinClave) {
      const res = await directo('ListUsers', { UserPoolId: pila.userPoolId }, headers);
      const texto = await res.text();
      expect(res.status, texto).toBe(403);
      expect(texto).not.toContain(cliente.email);
    }
  });

  it('AdminAddUserToGroup sin la clave: rechazado y el cliente sigue sin grupos', async () => {
    const res = await directo('AdminAddUserToGroup', {
      UserPoolId: pila.userPoolId,
      Username: cliente.email,
      GroupName: 'admin',
    });
    expect(res.status).toBe(403);
    expect(await gruposDe(cliente.email)).toEqual([]);
  });

  it('una página (cabecera Origin): ni el preflight ni la llamada, aun con la clave, y sin cabeceras CORS', async () => {
    const preflight = await fetch(`${pila.cognitoEndpoint}/`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
    expect(preflight.status).toBeGreaterThanOrEqual(400);

    const conOrigen = await directo(
      'ListUsers',
      { UserPoolId: pila.userPoolId },
      { origin: 'https://evil.example', authorization: firmaFalsa(pila.credenciales.accessKeyId) },
    );
    expect(conOrigen.status).toBe(403);
    expect(conOrigen.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('la llamada firmada con la clave de la pila funciona, sin cabeceras CORS', async () => {
    const res = await directo(
      'ListUsers',
      { UserPoolId: pila.userPoolId },
      { authorization: firmaFalsa(pila.credenciales.accessKeyId) },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await res.text()).toContain(cliente.email);
  });

  it('el JWKS y la configuración OpenID siguen abiertos (el gateway los lee)', async () => {
    const jwks = await fetch(`${pila.issuer}/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
    expect(jwks.headers.get('access-control-allow-origin')).toBeNull();
    const { keys } = (await jwks.json()) as { keys: JWK[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]!.kid).toBeTruthy();
    expect(keys[0]!.d).toBeUndefined();
    expect((await fetch(`${pila.issuer}/.well-known/openid-configuration`)).status).toBe(200);
    // any other GET is closed
    expect((await fetch(`${pila.cognitoEndpoint}/health`)).status).toBe(403);
  });
});

describe('los tokens se firman con una clave propia de la carpeta de datos', () => {
  it('el JWKS publica la clave generada, no la que trae el paquete', async () => {
    const distribuida = require('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: JWK };
    const { keys } = (await (await fetch(`${pila.issuer}/.well-known/jwks.json`)).json()) as { keys: JWK[] };
    expect(keys[0]!.n).not.toBe(distribuida.jwk.n);
    expect(keys[0]!.kid).not.toBe('CognitoLocal');
    // a real token names that key
    const cabecera = JSON.parse(Buffer.from(cliente.idToken.split('.')[0]!, 'base64url').toString('utf8')) as { kid: string };
    expect(cabecera.kid).toBe(keys[0]!.kid);
  });

  it('un token de admin firmado con la clave privada del paquete: 401 en el gateway', async () => {
    const archivo = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json');
    const privada = await importJWK((JSON.parse(readFileSync(archivo, 'utf8')) as { jwk: JWK }).jwk, 'RS256');
    const claims = reclamosDeId(pila, { sub: randomUUID(), email: `intruso.${suf}@prueba.cr` });
    for (const kid of ['CognitoLocal', pila.kid]) {
      const token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(privada);
      expect((await pila.api('GET', '/api/usuarios?limit=5', { token })).status, kid).toBe(401);
    }
  });

  it('el mismo token firmado con la clave de la pila entra (control)', async () => {
    const admin = await pila.crearUsuario({
      email: `admin.emulador.${suf}@prueba.cr`,
      nombre: 'Ada',
      apellido: 'Admin',
      grupos: ['admin'],
    });
    const token = await pila.firmar(reclamosDeId(pila, admin));
    expect((await pila.api('GET', '/api/usuarios?limit=5', { token })).status).toBe(200);
  });
});

describe('los secretos de la carpeta de datos', () => {
  const dir = () => process.env.CUOTA_LOCAL_DIR!;

  it('config.json de cognito-local (lleva la clave de control) y la clave de firma: 0600; la carpeta: 0700', () => {
    const config = join(dir(), 'cognito', '.cognito', 'config.json');
    expect(statSync(config).mode & 0o777).toBe(0o600);
    expect(readFileSync(config, 'utf8')).toContain(pila.credenciales.accessKeyId);
    const firma = join(dir(), 'cognito', 'clave-de-firma.json');
    expect(existsSync(firma)).toBe(true);
    expect(statSync(firma).mode & 0o777).toBe(0o600);
    expect(statSync(dir()).mode & 0o777).toBe(0o700);
  });
});
