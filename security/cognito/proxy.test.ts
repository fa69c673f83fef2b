import { AdminListGroupsForUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { generateKeyPair, SignJWT } from 'jose';
import { createServer, request, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { totp } from '../../shared/src/testing/totp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tablaPropia } from '../../functions/test/stream';
import { iniciarPila, PASSWORD, type PilaLocal } from '../support/local-stack';

/*
 * The local `/cognito` endpoint (infra/local/cognito-proxy.ts) and the control port
 * (infra/local/control.ts) as an attacker on the machine or a web page sees them: cognito-local
 * answers any action to anyone, so the proxy must forward only the public client's actions for the
 * stack's own client, survive any body, and throttle sign-in and reset-code attempts; the
 * control port runs triggers and jobs only for the stack's own signed clients.
 */

const DEMASIADOS = 'Demasiados intentos. Espera unos minutos e intenta de nuevo.';
const PREFIJO = 'AWSCognitoIdentityProviderService.';

interface Respuesta {
  status: number;
  headers: Headers;
  body: any;
}

async function cognito(url: string, accion: string | null, cuerpo: unknown, init: RequestInit = {}): Promise<Respuesta> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', ...(accion ? { 'x-amz-target': `${PREFIJO}${accion}` } : {}) },
    body: typeof cuerpo === 'string' ? cuerpo : JSON.stringify(cuerpo),
    ...init,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body };
}

let pila: PilaLocal;
let url: string;
let idp: CognitoIdentityProviderClient;
let n = 0;
const email = (p: string) => `${p}.${Date.now().toString(36)}${++n}@prueba.cr`;

const iniciar = (u: string, clientId: string, username: string, password = PASSWORD) =>
  cognito(u, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: username, PASSWORD: password },
  });

beforeAll(async () => {
  await tablaPropia('cuota-cognito');
  pila = await iniciarPila();
  url = `${pila.url}/cognito`;
  idp = pila.clienteCognito();
});

afterAll(async () => {
  await pila?.detener();
});

/** A server on a free loopback port for one listener. */
async function servir(listener: RequestListener): Promise<{ url: string; server: Server }> {
  const server = createServer(listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('/cognito: solo las acciones de un cliente público', () => {
  it('un cliente que llama AdminAddUserToGroup sobre sí mismo recibe 400 y sigue sin el grupo', async () => {
    const cliente = await pila.crearUsuario({ email: email('atacante'), nombre: 'Ana', apellido: 'Mora' });
    const res = await cognito(url, 'AdminAddUserToGroup', {
      UserPoolId: pila.userPoolId,
      Username: cliente.email,
      GroupName: 'admin',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ __type: 'UnknownOperationException', message: expect.stringMatching(/no está disponible/) });
    const grupos = await idp.send(new AdminListGroupsForUserCommand({ UserPoolId: pila.userPoolId, Username: cliente.email }));
    expect(grupos.Groups ?? []).toEqual([]);
  });

  it.each([
    ['ListUsers', { UserPoolId: 'x' }],
    ['AdminCreateUser', { UserPoolId: 'x', Username: 'intruso@prueba.cr' }],
    ['AdminSetUserPassword', { UserPoolId: 'x', Username: 'admin@demo.cr', Password: 'Otra-Clave-2026!', Permanent: true }],
    ['AdminInitiateAuth', { UserPoolId: 'x', AuthFlow: 'ADMIN_USER_PASSWORD_AUTH' }],
    ['CreateUserPool', { PoolName: 'otro' }],
    ['ListUserPoolClients', { UserPoolId: 'x' }],
    ['ConfirmForgotPassword', { ClientId: 'x', Username: 'admin@demo.cr' }],
    ['ChangePassword', { AccessToken: 'x' }],
  ])('%s se rechaza con 400 sin llegar a cognito-local', async (accion, cuerpo) => {
    const res = await cognito(url, accion, { ...cuerpo, UserPoolId: pila.userPoolId, ClientId: pila.clientId });
    expect(res.status).toBe(400);
    expect(res.body.__type).toBe('UnknownOperationException');
  });

  it('ListUsers no lista a nadie', async () => {
    await pila.crearUsuario({ email: email('staff'), nombre: 'Luis', apellido: 'Soto', grupos: ['admin'] });
    const res = await cognito(url, 'ListUsers', { UserPoolId: pila.userPoolId });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/Users|@prueba\.cr/);
  });

  it('otro ClientId, un flujo ADMIN_* o un objetivo ausente o desconocido se rechazan', async () => {
    const cliente = await pila.crearUsuario({ email: email('cliente'), nombre: 'Eva', apellido: 'Rojas' });
    expect((await iniciar(url, 'otro-cliente', cliente.email)).status).toBe(400);
    const admin = await cognito(url, 'InitiateAuth', {
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      ClientId: pila.clientId,
      AuthParameters: { USERNAME: cliente.email, PASSWORD },
    });
    expect(admin.status).toBe(400);
    expect((await cognito(url, null, {})).status).toBe(400);
    expect((await cognito(url, 'Nada', {})).status).toBe(400);
    const otroServicio = await fetch(url, { method: 'POST', headers: { 'x-amz-target': 'AWSLambda.Invoke' }, body: '{}' });
    expect(otroServicio.status).toBe(400);
  });
});

describe('/cognito: cualquier cuerpo recibe 4xx y el proceso sigue', () => {
  it('el cuerpo `{` en GetTokensFromRefreshToken (hoy tumba el proceso) recibe 400', async () => {
    const res = await cognito(url, 'GetTokensFromRefreshToken', '{');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ __type: 'SerializationException', message: expect.any(String) });
  });

  it.each([
    ['no JSON', '{'],
    ['texto', 'hola'],
    ['una lista', '[]'],
    ['null', 'null'],
    ['vacío', ''],
  ])('cuerpo %s en InitiateAuth: 400', async (_nombre, cuerpo) => {
    const res = await cognito(url, 'InitiateAuth', cuerpo);
    expect(res.status).toBe(400);
    expect(res.body.__type).toBeTruthy();
  });

  it('un método distinto de POST: 405', async () => {
    const res = await fetch(url, { method: 'GET', headers: { 'x-amz-target': `${PREFIJO}InitiateAuth` } });
    expect(res.status).toBe(405);
    const put = await fetch(url, { method: 'PUT', headers: { 'x-amz-target': `${PREFIJO}InitiateAuth` }, body: '{}' });
    expect(put.status).toBe(405);
  });

  it('un cuerpo de más de 64 KB: 413', async () => {
    const res = await cognito(url, 'InitiateAuth', { ClientId: pila.clientId, Username: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
  });

  it('un cuerpo cortado a medias no deja al proxy sin responder', async () => {
    const { port } = new URL(url);
    await new Promise<void>((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port,
        path: '/cognito',
        method: 'POST',
        headers: { 'x-amz-target': `${PREFIJO}GetTokensFromRefreshToken`, 'content-length': '1000' },
      });
      req.on('error', () => resolve());
      req.write('{"ClientId":');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 100);
    });
    const cliente = await pila.crearUsuario({ email: email('sigue'), nombre: 'Rita', apellido: 'Vega' });
    expect((await iniciar(url, pila.clientId, cliente.email)).status).toBe(200);
  });
});

describe('/cognito: los flujos de la aplicación siguen funcionando', () => {
  it('registro (por la API), inicio de sesión, refresco y GetUser', async () => {
    const correo = email('nueva');
    const alta = await pila.api('POST', '/api/auth/registro', {
      body: { nombre: 'Nora', apellido: 'Páez', telefono: '+506 8888-1234', email: correo, password: PASSWORD },
    });
    // the server signs the customer up with a one-time ticket; the PreSignUp trigger confirms the account
    expect(alta.status, alta.text).toBe(201);
    const inicio = await iniciar(url, pila.clientId, correo);
    expect(inicio.status).toBe(200);
    const { RefreshToken, AccessToken } = inicio.body.AuthenticationResult;
    const refresco = await cognito(url, 'GetTokensFromRefreshToken', { ClientId: pila.clientId, RefreshToken });
    expect(refresco.status).toBe(200);
    expect(refresco.body.AuthenticationResult.IdToken).toBeTruthy();
    const usuario = await cognito(url, 'GetUser', { AccessToken });
    expect(usuario.status).toBe(200);
    expect(usuario.body.Username).toBeTruthy();
  });

  it('olvidé mi contraseña: código por /cognito, nueva contraseña por la API, inicio con ella', async () => {
    const cliente = await pila.crearUsuario({ email: email('olvido'), nombre: 'Iris', apellido: 'Mena' });
    const pedido = await cognito(url, 'ForgotPassword', { ClientId: pila.clientId, Username: cliente.email });
    expect(pedido.status).toBe(200);
    const { esperarCodigoDeRestablecimiento } = await import('../../infra/local/cognito-codigos');
    const { LOCAL_DIR } = await import('../../infra/local/settings');
    const codigo = await esperarCodigoDeRestablecimiento(LOCAL_DIR, pila.userPoolId, cliente.email);
    const nueva = 'Nueva-Clave-Segura-2026!';
    const res = await pila.api('POST', '/api/auth/restablecer-contrasena', { body: { email: cliente.email, codigo, nueva } });
    expect(res.status).toBe(200);
    expect((await iniciar(url, pila.clientId, cliente.email, nueva)).status).toBe(200);
  });
});

/** A user with TOTP switched on (through /cognito, as the settings screen does), and the secret. */
async function conTotp(prefijo: string, grupos: readonly ('admin' | 'analista')[] = []) {
  const usuario = await pila.crearUsuario({ email: email(prefijo), nombre: 'Ada', apellido: 'Solís', grupos });
  const AccessToken = usuario.accessToken;
  const { SecretCode } = (await cognito(url, 'AssociateSoftwareToken', { AccessToken })).body;
  expect((await cognito(url, 'VerifySoftwareToken', { AccessToken, UserCode: totp(SecretCode) })).status).toBe(200);
  const preferencia = { AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } };
  expect((await cognito(url, 'SetUserMFAPreference', preferencia)).status).toBe(200);
  return { usuario, secreto: SecretCode as string };
}

const reto = (u: string, cuerpo: Record<string, unknown>) =>
  cognito(u, 'RespondToAuthChallenge', { ClientId: pila.clientId, ...cuerpo });
const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

describe('/cognito: RespondToAuthChallenge solo con la sesión que dio la contraseña', () => {
  it('NEW_PASSWORD_REQUIRED con una sesión inventada para un admin: 400 y su contraseña no cambia', async () => {
    const admin = await pila.crearUsuario({ email: email('admin'), nombre: 'Raúl', apellido: 'Jefe', grupos: ['admin'] });
    const res = await reto(url, {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: 'x',
      ChallengeResponses: { USERNAME: admin.email, NEW_PASSWORD: 'Pwned!2026pwned' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toContain('AuthenticationResult');
    expect((await iniciar(url, pila.clientId, admin.email, 'Pwned!2026pwned')).status).toBe(400);
    expect((await iniciar(url, pila.clientId, admin.email)).status).toBe(200);
  });

  it('SOFTWARE_TOKEN_MFA con el código correcto pero sin la sesión de la contraseña: 400 NotAuthorizedException', async () => {
    const { usuario, secreto } = await conTotp('sinsesion', ['admin']);
    const res = await reto(url, {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: '7f1c2d3e-0000-4000-8000-000000000000',
      ChallengeResponses: { USERNAME: usuario.email, SOFTWARE_TOKEN_MFA_CODE: totp(secreto) },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ __type: 'NotAuthorizedException', message: expect.stringMatching(/sesión/) });
  });

  it('la sesión de una cuenta no sirve para otra; la propia sirve (también tras un código malo) y una sola vez', async () => {
    const a = await conTotp('sesiona');
    const b = await conTotp('sesionb', ['admin']);
    const inicioA = await iniciar(url, pila.clientId, a.usuario.email);
    expect([inicioA.status, inicioA.body.ChallengeName]).toEqual([200, 'SOFTWARE_TOKEN_MFA']);
    const Session = inicioA.body.Session as string;
    const ajena = await reto(url, {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session,
      ChallengeResponses: { USERNAME: b.usuario.email, SOFTWARE_TOKEN_MFA_CODE: totp(b.secreto) },
    });
    expect([ajena.status, ajena.body.__type]).toEqual([400, 'NotAuthorizedException']);
    // the name Amplify sends back (USER_ID_FOR_SRP), a wrong code, then the right one
    const nombre = inicioA.body.ChallengeParameters?.USER_ID_FOR_SRP ?? a.usuario.email;
    const valido = new Set([-30_000, 0, 30_000].map((d) => totp(a.secreto, Date.now() + d)));
    const malo = ['000000', '111111', '222222'].find((c) => !valido.has(c))!;
    const fallo = await reto(url, {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session,
      ChallengeResponses: { USERNAME: nombre, SOFTWARE_TOKEN_MFA_CODE: malo },
    });
    expect(fallo.status).toBe(400);
    const bien = {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session,
      ChallengeResponses: { USERNAME: nombre, SOFTWARE_TOKEN_MFA_CODE: totp(a.secreto) },
    };
    const ok = await reto(url, bien);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.AuthenticationResult.IdToken).toBeTruthy();
    const otraVez = await reto(url, bien);
    expect([otraVez.status, otraVez.body.__type]).toEqual([400, 'NotAuthorizedException']);
  });

  it.each(['NEW_PASSWORD_REQUIRED', 'SELECT_MFA_TYPE', 'SMS_MFA', 'PASSWORD_VERIFIER', 'CUSTOM_CHALLENGE'])(
    '%s se rechaza aun con una sesión válida',
    async (ChallengeName) => {
      const { usuario } = await conTotp('otroreto');
      const inicio = await iniciar(url, pila.clientId, usuario.email);
      const res = await reto(url, {
        ChallengeName,
        Session: inicio.body.Session,
        ChallengeResponses: { USERNAME: usuario.email, NEW_PASSWORD: 'Pwned!2026pwned', ANSWER: 'SOFTWARE_TOKEN_MFA' },
      });
      expect(res.status).toBe(400);
      expect((await iniciar(url, pila.clientId, usuario.email, 'Pwned!2026pwned')).status).toBe(400);
    },
  );
});

describe('/cognito: el token de acceso se verifica antes de llegar a cognito-local', () => {
  it('un token sin firma (alg none) con el sub de un admin: GetUser y SetUserMFAPreference reciben 400', async () => {
    const { usuario } = await conTotp('victimamfa', ['admin']);
    const c = claims(usuario.accessToken);
    const cabecera = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const sinFirma = `${cabecera}.${Buffer.from(JSON.stringify({ ...c, exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url')}.`;
    const usuarioRes = await cognito(url, 'GetUser', { AccessToken: sinFirma });
    expect([usuarioRes.status, usuarioRes.body.__type]).toEqual([400, 'NotAuthorizedException']);
    expect(JSON.stringify(usuarioRes.body)).not.toContain(usuario.email);
    const apagar = await cognito(url, 'SetUserMFAPreference', {
      AccessToken: sinFirma,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    });
    expect([apagar.status, apagar.body.__type]).toEqual([400, 'NotAuthorizedException']);
    // the second factor is still on: the password alone gets the TOTP challenge
    expect((await iniciar(url, pila.clientId, usuario.email)).body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });

  it('un token firmado con otra clave, uno de ID, uno de otro cliente o vencido: 400 en las cuatro acciones', async () => {
    const usuario = await pila.crearUsuario({ email: email('forjado'), nombre: 'Iván', apellido: 'Mora' });
    const c = claims(usuario.accessToken);
    const { privateKey } = await generateKeyPair('RS256');
    const otraClave = await new SignJWT({ ...c, exp: Math.floor(Date.now() / 1000) + 3600 })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .sign(privateKey);
    const ahora = Math.floor(Date.now() / 1000);
    const tokens = [
      otraClave,
      usuario.idToken,
      await pila.firmar({ ...c, client_id: 'otro-cliente' }),
      await pila.firmar({ ...c, iat: ahora - 7200, exp: ahora - 3600 }),
      'no-es-un-token',
    ];
    for (const AccessToken of tokens) {
      for (const [accion, extra] of [
        ['GetUser', {}],
        ['AssociateSoftwareToken', {}],
        ['VerifySoftwareToken', { UserCode: '123456' }],
        ['SetUserMFAPreference', { SoftwareTokenMfaSettings: { Enabled: false } }],
      ] as const) {
        const res = await cognito(url, accion, { AccessToken, ...extra });
        expect([res.status, res.body.__type], `${accion} ${AccessToken.slice(0, 20)}`).toEqual([400, 'NotAuthorizedException']);
      }
    }
    // without any token, AssociateSoftwareToken with a Session alone is refused too
    expect((await cognito(url, 'AssociateSoftwareToken', { Session: 'x' })).status).toBe(400);
  });

  it('el token de acceso real sigue sirviendo para GetUser', async () => {
    const usuario = await pila.crearUsuario({ email: email('real'), nombre: 'Noé', apellido: 'Vargas' });
    const res = await cognito(url, 'GetUser', { AccessToken: usuario.accessToken });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body.UserAttributes)).toContain(usuario.email);
  });
});

describe('/cognito: límites por cuenta y por dirección', () => {
  let proxy: { url: string; server: Server };
  beforeAll(async () => {
    const { proxyCognito } = await import('../../infra/local/cognito-proxy');
    const { LIMITES_LOCALES } = await import('../../infra/local/cognito-limites');
    const limites = {
      ...LIMITES_LOCALES,
      inicioFallidoPorCuenta: { max: 3, ventanaMs: 60_000 },
      inicioFallidoPorIp: { max: 6, ventanaMs: 60_000 },
      codigoPorCuenta: { max: 2, ventanaMs: 60_000 },
      codigoPorIp: { max: 50, ventanaMs: 60_000 },
    };
    proxy = await servir(
      proxyCognito({ upstream: `${pila.cognitoEndpoint}/`, clientId: pila.clientId, userPoolId: pila.userPoolId, limites }),
    );
  });
  afterAll(() => new Promise<void>((r) => proxy.server.close(() => r())));

  it('N+1 inicios fallidos de una cuenta: 429 en español, aun con la contraseña correcta; otra cuenta sigue entrando', async () => {
    const victima = await pila.crearUsuario({ email: email('victima'), nombre: 'Sara', apellido: 'Brenes' });
    const otra = await pila.crearUsuario({ email: email('otra'), nombre: 'Tomás', apellido: 'León' });
    for (let i = 0; i < 3; i++)
      expect((await iniciar(proxy.url, pila.clientId, victima.email, 'Mala-Clave-0000!')).status).toBe(400);
    const frenado = await iniciar(proxy.url, pila.clientId, ` ${victima.email.toUpperCase()} `, PASSWORD);
    expect(frenado.status).toBe(429);
    expect(frenado.body).toEqual({ __type: 'TooManyRequestsException', message: DEMASIADOS });
    expect(frenado.headers.get('x-amzn-errortype')).toBe('TooManyRequestsException');
    expect(Number(frenado.headers.get('retry-after'))).toBeGreaterThan(0);
    // the same address, another account: 3 failures are under the address's 6
    expect((await iniciar(proxy.url, pila.clientId, otra.email)).status).toBe(200);
  });

  it('el límite por dirección frena a quien prueba muchas cuentas', async () => {
    // 3 failures so far from this address; 3 more on fresh accounts reach 6
    for (let i = 0; i < 3; i++)
      expect((await iniciar(proxy.url, pila.clientId, email('nadie'), 'Mala-Clave-0000!')).status).toBe(400);
    const otra = await pila.crearUsuario({ email: email('tarde'), nombre: 'Uma', apellido: 'Cruz' });
    const res = await iniciar(proxy.url, pila.clientId, otra.email);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(DEMASIADOS);
  });

  it('códigos de restablecimiento: el tercero para la misma cuenta recibe 429 LimitExceededException', async () => {
    const cliente = await pila.crearUsuario({ email: email('codigos'), nombre: 'Vera', apellido: 'Quirós' });
    for (let i = 0; i < 2; i++) {
      expect((await cognito(proxy.url, 'ForgotPassword', { ClientId: pila.clientId, Username: cliente.email })).status).toBe(200);
    }
    const res = await cognito(proxy.url, 'ForgotPassword', { ClientId: pila.clientId, Username: cliente.email });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ __type: 'LimitExceededException', message: DEMASIADOS });
  });

  it('SignUp ya no pasa por /cognito: el registro es de la API, que limita los registros por dirección', async () => {
    const correo = email('directo');
    const directo = await cognito(url, 'SignUp', {
      ClientId: pila.clientId,
      Username: correo,
      Password: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: correo }],
    });
    expect([directo.status, directo.body.__type]).toEqual([400, 'UnknownOperationException']);
    const { LIMITES } = await import('../../functions/src/commons/limites');
    const antes = process.env.LIMITE_FACTOR_IP;
    process.env.LIMITE_FACTOR_IP = String(2 / LIMITES.altaPorIp.max); // 2 per address in this test
    try {
      const estados: number[] = [];
      for (let i = 0; i < 4 && !estados.includes(429); i++) {
        const res = await pila.api('POST', '/api/auth/registro', {
          body: { nombre: 'Rosa', apellido: 'Mena', telefono: '+506 8888-1234', email: email(`r${i}`), password: PASSWORD },
        });
        estados.push(res.status);
        if (res.status === 429) expect(res.body.message).toBe(DEMASIADOS);
      }
      // at most 2 from this address in the hour (the first test above used one of them)
      expect(estados.filter((s) => s === 201).length).toBeLessThanOrEqual(2);
      expect(estados.at(-1)).toBe(429);
    } finally {
      if (antes === undefined) delete process.env.LIMITE_FACTOR_IP;
      else process.env.LIMITE_FACTOR_IP = antes;
    }
  });

  it('códigos TOTP equivocados cuentan como inicios fallidos, y la contraseña correcta sola no los borra', async () => {
    const usuario = await pila.crearUsuario({ email: email('totp'), nombre: 'Olga', apellido: 'Ruiz' });
    const AccessToken = usuario.accessToken;
    const { SecretCode } = (await cognito(url, 'AssociateSoftwareToken', { AccessToken })).body;
    expect((await cognito(url, 'VerifySoftwareToken', { AccessToken, UserCode: totp(SecretCode) })).status).toBe(200);
    const preferencia = { AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } };
    expect((await cognito(url, 'SetUserMFAPreference', preferencia)).status).toBe(200);

    const { proxyCognito } = await import('../../infra/local/cognito-proxy');
    const { LIMITES_LOCALES } = await import('../../infra/local/cognito-limites');
    const limites = { ...LIMITES_LOCALES, inicioFallidoPorCuenta: { max: 3, ventanaMs: 60_000 } };
    const propio = await servir(
      proxyCognito({ upstream: `${pila.cognitoEndpoint}/`, clientId: pila.clientId, userPoolId: pila.userPoolId, limites }),
    );
    try {
      const valido = new Set([-30_000, 0, 30_000].map((d) => totp(SecretCode, Date.now() + d)));
      const malo = ['000000', '111111', '222222'].find((c) => !valido.has(c))!;
      const codigoMalo = async () => {
        const reto = await iniciar(propio.url, pila.clientId, usuario.email);
        expect([reto.status, reto.body.ChallengeName]).toEqual([200, 'SOFTWARE_TOKEN_MFA']);
        return cognito(propio.url, 'RespondToAuthChallenge', {
          ClientId: pila.clientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: reto.body.Session,
          ChallengeResponses: { USERNAME: usuario.email, SOFTWARE_TOKEN_MFA_CODE: malo },
        });
      };
      for (let i = 0; i < 3; i++) expect((await codigoMalo()).status).toBe(400);
      const frenado = await iniciar(propio.url, pila.clientId, usuario.email);
      expect([frenado.status, frenado.body.__type]).toEqual([429, 'TooManyRequestsException']);
    } finally {
      await new Promise<void>((r) => propio.server.close(() => r()));
    }
  });

  it('con los límites por omisión, el inicio fallido número 6 de una cuenta recibe 429', async () => {
    const { LIMITES_LOCALES } = await import('../../infra/local/cognito-limites');
    const cliente = await pila.crearUsuario({ email: email('omision'), nombre: 'Zoe', apellido: 'Arias' });
    const max = LIMITES_LOCALES.inicioFallidoPorCuenta.max;
    for (let i = 0; i < max; i++) expect((await iniciar(url, pila.clientId, cliente.email, 'Mala-Clave-0000!')).status).toBe(400);
    expect((await iniciar(url, pila.clientId, cliente.email)).status).toBe(429);
  });
});

describe('/cognito: el intento cuenta antes de llegar a cognito-local', () => {
  it('40 contraseñas malas en paralelo para una cuenta: a lo sumo 5 llegan al emulador, el resto recibe 429', async () => {
    const { proxyCognito } = await import('../../infra/local/cognito-proxy');
    const { LIMITES_LOCALES } = await import('../../infra/local/cognito-limites');
    const propio = await servir(
      proxyCognito({
        upstream: `${pila.cognitoEndpoint}/`,
        clientId: pila.clientId,
        userPoolId: pila.userPoolId,
        limites: LIMITES_LOCALES,
      }),
    );
    try {
      const cliente = await pila.crearUsuario({ email: email('paralelo'), nombre: 'Pía', apellido: 'Rivas' });
      const respuestas = await Promise.all(
        Array.from({ length: 40 }, () => iniciar(propio.url, pila.clientId, cliente.email, 'Mala-Clave-0000!')),
      );
      const estados = respuestas.map((r) => r.status);
      expect(estados.filter((s) => s === 400).length).toBeLessThanOrEqual(LIMITES_LOCALES.inicioFallidoPorCuenta.max);
      expect(estados.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40 - LIMITES_LOCALES.inicioFallidoPorCuenta.max);
      // and the right password is refused too while the account is throttled (no oracle)
      expect((await iniciar(propio.url, pila.clientId, cliente.email)).status).toBe(429);
    } finally {
      await new Promise<void>((r) => propio.server.close(() => r()));
    }
  });

  it('una cuenta se nombra solo por su correo: el sub o un nombre que no es correo reciben 400 sin llegar al emulador', async () => {
    const cliente = await pila.crearUsuario({ email: email('alias'), nombre: 'Gil', apellido: 'Mata' });
    const porSub = await iniciar(url, pila.clientId, cliente.sub);
    expect([porSub.status, porSub.body.__type]).toEqual([400, 'InvalidParameterException']);
    expect(JSON.stringify(porSub.body)).not.toContain('AuthenticationResult');
    expect((await iniciar(url, pila.clientId, 'admin')).status).toBe(400);
    expect((await iniciar(url, pila.clientId, cliente.email)).status).toBe(200);
  });

  it('los límites locales por dirección son altos (todo cliente local es 127.0.0.1) y los de cuenta, de 5', async () => {
    const { LIMITES_LOCALES } = await import('../../infra/local/cognito-limites');
    expect(LIMITES_LOCALES.inicioFallidoPorCuenta.max).toBe(5);
    expect(LIMITES_LOCALES.inicioFallidoPorIp.max).toBeGreaterThanOrEqual(100);
  });
});

describe('puerto de control: solo con la clave de este arranque', () => {
  const invocar = '/2015-03-31/functions/pre-sign-up/invocations';
  const evento = {
    triggerSource: 'PreSignUp_SignUp',
    userPoolId: 'x',
    request: { userAttributes: { email: 'x@prueba.cr' } },
    response: {},
  };

  it('invocar un disparador sin la clave, con otra clave o desde una página web: 403', async () => {
    const { autorizacionDeControl } = await import('../../infra/local/control-clave');
    const { CLAVE_DE_CONTROL } = await import('../../infra/local/settings');
    const post = (headers: Record<string, string>) =>
      fetch(`${pila.controlUrl}${invocar}`, { method: 'POST', headers, body: JSON.stringify(evento) });
    expect((await post({})).status).toBe(403);
    expect((await post({ authorization: autorizacionDeControl('local') })).status).toBe(403);
    expect((await post({ authorization: 'AWS4-HMAC-SHA256 Credential=/x' })).status).toBe(403);
    expect((await post({ authorization: autorizacionDeControl(CLAVE_DE_CONTROL), origin: 'http://evil.example' })).status).toBe(
      403,
    );
    expect((await fetch(`${pila.controlUrl}/@connections/abc`, { method: 'POST', body: '{}' })).status).toBe(403);
    // the stack's own signed callers still get through
    expect((await post({ authorization: autorizacionDeControl(CLAVE_DE_CONTROL) })).status).toBe(200);
  });

  it('un trabajo sin la clave recibe 403 y no corre', async () => {
    const { controlHandler } = await import('../../infra/local/control');
    const { autorizacionDeControl } = await import('../../infra/local/control-clave');
    const runJob = vi.fn(async () => ({ hecho: true }));
    const clave = 'LOCALPRUEBA0123456789';
    const control = await servir(controlHandler({ ws: {} as never, runJob, ready: () => true, clave }));
    try {
      const sin = await fetch(`${control.url}/jobs/cierre-diario`, { method: 'POST', body: '{}' });
      expect(sin.status).toBe(403);
      const otra = await fetch(`${control.url}/jobs/cierre-diario`, {
        method: 'POST',
        headers: { authorization: autorizacionDeControl('LOCALOTRA0123456789XX') },
        body: '{}',
      });
      expect(otra.status).toBe(403);
      expect(runJob).not.toHaveBeenCalled();
      const con = await fetch(`${control.url}/jobs/cierre-diario`, {
        method: 'POST',
        headers: { authorization: autorizacionDeControl(clave) },
        body: '{}',
      });
      expect(con.status).toBe(200);
      expect(runJob).toHaveBeenCalledOnce();
    } finally {
      await new Promise<void>((r) => control.server.close(() => r()));
    }
  });
});
