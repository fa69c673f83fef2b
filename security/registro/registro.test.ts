import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { TEXTS } from '@cuota/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iniciarPila, type PilaLocal } from '../support/local-stack';

/**
 * Self-registration on the server (POST /api/auth/registro), against a real cognito-local and its
 * PreSignUp trigger: the spec's password rules and blocklist used to be checked only in the
 * browser, and anybody could call Cognito SignUp directly with any password the pool's policy
 * lets through ("Password123!" passes it). Now the route checks the whole registration and calls
 * SignUp with a one-time ticket; the trigger refuses a sign-up without a live ticket.
 */

const FUERTE = 'Registro-Seguro-2026!';
const RECHAZO_DEL_TRIGGER = ['UserLambdaValidationException', 'UnexpectedLambdaExceptionException'];
let pila: PilaLocal;
let idp: CognitoIdentityProviderClient;
let n = 0;
const correo = (p: string) => `${p}.${Date.now().toString(36)}.${++n}@prueba.cr`;
const persona = { nombre: 'Rosa', apellido: 'Mena', telefono: '+506 8888-1234' };

/** Cognito SignUp as an attacker would call it: straight to the pool with the web client id. */
const signUpDirecto = (email: string, password: string, ClientMetadata?: Record<string, string>) =>
  idp.send(
    new SignUpCommand({
      ClientId: pila.clientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: 'Ata' },
        { Name: 'family_name', Value: 'Cante' },
      ],
      ...(ClientMetadata ? { ClientMetadata } : {}),
    }),
  );

const existe = (email: string) =>
  idp.send(new AdminGetUserCommand({ UserPoolId: process.env.USER_POOL_ID!, Username: email })).then(
    () => true,
    (e: Error) => {
      if (e.name === 'UserNotFoundException') return false;
      throw e;
    },
  );

beforeAll(async () => {
  pila = await iniciarPila();
  idp = pila.clienteCognito();
});
afterAll(() => pila?.detener());

describe('registro de clientes: las reglas en el servidor', () => {
  it('un SignUp directo a Cognito, sin boleto o con uno inventado, se rechaza y no crea la cuenta', async () => {
    const debil = correo('directo');
    // "Password123!" passes the pool's policy (12, four classes) but is on the spec's blocklist
    const sin = await signUpDirecto(debil, 'Password123!').then(
      () => null,
      (e: Error) => e,
    );
    // AWS answers UserLambdaValidationException; cognito-local reports any trigger error as UnexpectedLambdaException
    expect(RECHAZO_DEL_TRIGGER, `${sin?.name}: ${sin?.message}`).toContain(sin?.name);
    expect(await existe(debil)).toBe(false);

    const inventado = await signUpDirecto(debil, FUERTE, { alta: 'boleto-inventado-1234567890' }).then(
      () => null,
      (e: Error) => e,
    );
    expect(RECHAZO_DEL_TRIGGER, `${inventado?.name}: ${inventado?.message}`).toContain(inventado?.name);
    expect(await existe(debil)).toBe(false);
  });

  it('la ruta aplica las reglas del spec (passwordErrors) y el teléfono, en español y por campo', async () => {
    const email = correo('reglas');
    // 130 characters: the pool's policy lets it through (Cognito allows 256), the spec's 128 does not
    const larga = `Aa1!${'x'.repeat(126)}`;
    const comun = await pila.api('POST', '/api/auth/registro', { body: { ...persona, email, password: larga } });
    expect(comun.status).toBe(400);
    expect(comun.body.details.password).toBe(TEXTS.password.max);
    const telefono = await pila.api('POST', '/api/auth/registro', {
      body: { ...persona, telefono: '12345', email, password: FUERTE },
    });
    expect(telefono.status).toBe(400);
    expect(telefono.body.details.telefono).toBe(TEXTS.auth.invalidPhone);
    expect(await existe(email)).toBe(false);
  });

  it('por la ruta: 201, la cuenta queda confirmada, inicia sesión y crea su registro de cliente; la segunda vez 409', async () => {
    const email = correo('alta');
    const res = await pila.api('POST', '/api/auth/registro', {
      body: { ...persona, email: `  ${email.toUpperCase()} `, password: FUERTE },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ ok: true });

    const auth = await idp.send(
      new InitiateAuthCommand({
        ClientId: pila.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: FUERTE },
      }),
    );
    const token = auth.AuthenticationResult!.IdToken!;
    const cliente = await pila.api('POST', '/api/portal/registro', { token, body: persona });
    expect(cliente.status, JSON.stringify(cliente.body)).toBe(201);
    expect(cliente.body).toMatchObject({ email, nombre: 'Rosa', apellido: 'Mena', telefono: '+50688881234' });

    const otra = await pila.api('POST', '/api/auth/registro', { body: { ...persona, email, password: FUERTE } });
    expect(otra.status).toBe(409);
    expect(otra.body).toMatchObject({ code: 'YA_REGISTRADO', message: TEXTS.auth.alreadyRegistered });
  });
});
