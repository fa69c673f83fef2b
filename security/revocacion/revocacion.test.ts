import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { TEXTS } from '@cuota/shared';
import { importJWK, type JWK, SignJWT } from 'jose';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iniciarPila, PASSWORD, reclamosDeId, type PilaLocal, type UsuarioPila } from '../support/local-stack';

/**
 * Revocation takes effect now (issue 17): roles and sessions are read from the user's access item
 * on every request, not only from the ID token's claims. Through the local gateway with real
 * cognito-local tokens; the access cache is set to 0 ms here (ACCESO_CACHE_MS) so "the very next
 * call" is exactly that, and one case checks the default cache bounds the delay to its TTL.
 */

let pila: PilaLocal;
let admin: UsuarioPila;
let idp: CognitoIdentityProviderClient;
let n = 0;

const email = (p: string) => `${p}.${Date.now().toString(36)}.${++n}@revocacion.cr`;
const espera = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function iniciarSesion(correo: string): Promise<string> {
  const auth = await idp.send(
    new InitiateAuthCommand({
      ClientId: pila.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: correo, PASSWORD },
    }),
  );
  return auth.AuthenticationResult!.IdToken!;
}

/** A staff user created through the real route (profile, Cognito user and group, access item), signed in. */
async function personal(rol: 'admin' | 'analista' | 'cobrador'): Promise<{ id: string; email: string; token: string }> {
  const correo = email(rol);
  const res = await pila.api('POST', '/api/usuarios', {
    token: admin.idToken,
    body: { nombre: 'Prueba', apellido: 'Revocación', email: correo, rol, password: PASSWORD },
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.id, email: correo, token: await iniciarSesion(correo) };
}

beforeAll(async () => {
  process.env.ACCESO_CACHE_MS = '0';
  pila = await iniciarPila();
  idp = pila.clienteCognito();
  admin = await pila.crearUsuario({ email: email('admin'), nombre: 'Ada', apellido: 'Admin', grupos: ['admin'] });
});

afterAll(async () => {
  delete process.env.ACCESO_CACHE_MS;
  await pila?.detener();
});

describe('quitar roles surte efecto en la siguiente llamada', () => {
  it('un administrador al que otro quita los roles queda fuera con el token que ya tenía', async () => {
    const otro = await personal('admin');
    expect((await pila.api('GET', '/api/usuarios?limit=5', { token: otro.token })).status).toBe(200);

    const quitar = await pila.api('DELETE', `/api/usuarios/${otro.id}/roles`, { token: admin.idToken });
    expect(quitar.status, quitar.text).toBe(200);

    const despues = await pila.api('GET', '/api/usuarios?limit=5', { token: otro.token });
    expect(despues.status).toBe(401);
    expect(despues.body.message).toBe(TEXTS.errors.sesionRevocada);
    // not only the admin routes: every route refuses the revoked session
    expect((await pila.api('GET', '/api/configuracion', { token: otro.token })).status).toBe(401);
    // the admin who acted is untouched
    expect((await pila.api('GET', '/api/usuarios?limit=5', { token: admin.idToken })).status).toBe(200);
  });

  it('un usuario sin roles queda desactivado: ni un token nuevo entra, hasta que se le devuelve un rol', async () => {
    const otro = await personal('analista');
    expect((await pila.api('DELETE', `/api/usuarios/${otro.id}/roles`, { token: admin.idToken })).status).toBe(200);
    await espera(1100);
    const nuevo = await iniciarSesion(otro.email);
    const res = await pila.api('GET', '/api/configuracion', { token: nuevo });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(TEXTS.errors.sesionRevocada);

    const devolver = await pila.api('PATCH', `/api/usuarios/${otro.id}`, {
      token: admin.idToken,
      body: { nombre: 'Prueba', apellido: 'Revocación', rol: 'analista' },
    });
    expect(devolver.status, devolver.text).toBe(200);
    const otraVez = await iniciarSesion(otro.email);
    expect((await pila.api('GET', '/api/reportes/cartera', { token: otraVez })).status).not.toBe(403);
    expect((await pila.api('GET', '/api/configuracion', { token: otraVez })).status).toBe(200);
  });

  it('un analista pasado a cobrador: el token viejo se rechaza y el nuevo recibe respuestas de cobrador', async () => {
    const analista = await personal('analista');
    expect((await pila.api('GET', '/api/reportes/cartera', { token: analista.token })).status).not.toBe(403);
    expect((await pila.api('GET', '/api/conciliacion/extractos', { token: analista.token })).status).toBe(403);

    const cambio = await pila.api('PATCH', `/api/usuarios/${analista.id}`, {
      token: admin.idToken,
      body: { nombre: 'Prueba', apellido: 'Revocación', rol: 'cobrador' },
    });
    expect(cambio.status, cambio.text).toBe(200);

    const viejo = await pila.api('GET', '/api/reportes/cartera', { token: analista.token });
    expect(viejo.status).toBe(401);
    expect(viejo.body.message).toBe(TEXTS.errors.sesionRevocada);

    // a token issued after the change (revocation is kept to the second: sign in in the next one)
    await espera(1100);
    const nuevo = await iniciarSesion(analista.email);
    expect((await pila.api('GET', '/api/reportes/cartera', { token: nuevo })).status).toBe(403);
    const extractos = await pila.api('GET', '/api/conciliacion/extractos', { token: nuevo });
    expect(extractos.status, extractos.text).toBe(200);
  });

  it('el WebSocket no abre con el token de una sesión revocada', async () => {
    const otro = await personal('analista');
    expect(await pila.abrirWebSocket(otro.token)).toBe(101);
    expect((await pila.api('DELETE', `/api/usuarios/${otro.id}/roles`, { token: admin.idToken })).status).toBe(200);
    expect(await pila.abrirWebSocket(otro.token)).toBe(401);
  });

  it('con la caché por defecto (5 s) la revocación llega a lo sumo en su TTL', async () => {
    const otro = await personal('admin');
    delete process.env.ACCESO_CACHE_MS;
    try {
      expect((await pila.api('GET', '/api/usuarios?limit=5', { token: otro.token })).status).toBe(200);
      expect((await pila.api('DELETE', `/api/usuarios/${otro.id}/roles`, { token: admin.idToken })).status).toBe(200);
      const desde = Date.now();
      let status = 200;
      while (status === 200 && Date.now() - desde < 8_000) {
        status = (await pila.api('GET', '/api/usuarios?limit=5', { token: otro.token })).status;
        if (status === 200) await espera(250);
      }
      expect(status).toBe(401);
      expect(Date.now() - desde).toBeLessThan(5_000 + 1_000);
    } finally {
      process.env.ACCESO_CACHE_MS = '0';
    }
  });
});

describe('tokens: exp, iat, token_use y audiencia obligatorios', () => {
  const base = () => reclamosDeId(pila, admin);

  it('un token bien formado firmado con la clave de la pila entra (control)', async () => {
    const token = await pila.firmar(base());
    expect((await pila.api('GET', '/api/usuarios?limit=5', { token })).status).toBe(200);
  });

  it('el mismo token firmado con la clave que trae el paquete cognito-local se rechaza con 401', async () => {
    const archivo = createRequire(import.meta.url).resolve('cognito-local/lib/keys/cognitoLocal.private.json');
    const distribuida = await importJWK((JSON.parse(readFileSync(archivo, 'utf8')) as { jwk: JWK }).jwk, 'RS256');
    const token = await new SignJWT(base()).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(distribuida);
    expect((await pila.api('GET', '/api/usuarios?limit=5', { token })).status).toBe(401);
  });

  for (const [nombre, cambio] of [
    ['sin exp', { exp: undefined }],
    ['sin iat', { iat: undefined }],
    ['sin token_use', { token_use: undefined }],
    ['con token_use access', { token_use: 'access' }],
    ['con otra audiencia', { aud: 'otro-cliente' }],
    ['sin audiencia', { aud: undefined }],
  ] as const) {
    it(`un token ${nombre} se rechaza con 401`, async () => {
      const claims: Record<string, unknown> = { ...base(), ...cambio };
      for (const k of Object.keys(claims)) if (claims[k] === undefined) delete claims[k];
      const token = await pila.firmar(claims);
      expect((await pila.api('GET', '/api/usuarios?limit=5', { token })).status).toBe(401);
    });
  }
});
