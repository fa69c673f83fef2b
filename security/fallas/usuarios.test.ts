import {
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  TooManyRequestsException,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CognitoDePrueba, iniciarCognitoLocal } from '../../functions/test/cognito-local';
import { ADMIN, apiEvent, call, uniqueEmail } from '../../functions/test/events';
import { dynamo, inyectarFallas, type Falla, type Inyeccion } from '../../functions/test/fallas';
import { handlersDePersonal, type HandlersDePersonal } from '../../functions/test/usuarios-handlers';

vi.mock('../../functions/src/commons/reintento', () => import('./reintento-rapido'));

/**
 * User administration under Cognito's request limits (TooManyRequestsException, which
 * cognito-local never answers) and DynamoDB throttling: a 429 in Spanish, never a 500, and
 * nothing left half-done that a retry cannot finish — no Cognito user without its profile (which
 * would make the retry an "email taken"), no administrator left with a password chosen under the
 * weaker rule.
 */

let cl: CognitoDePrueba;
let h: HandlersDePersonal;
let cognito: CognitoIdentityProviderClient;
let ddb: typeof import('../../functions/src/commons/db').ddb;
let falla: Inyeccion | null = null;

const PASSWORD = 'Analista-Prueba-2026!';
const limite = () => new TooManyRequestsException({ message: 'Too many requests', $metadata: { httpStatusCode: 400 } });
const nuevo = () => ({ nombre: 'Ana', apellido: 'Quesada', email: uniqueEmail('staff'), rol: 'analista', password: PASSWORD });

beforeAll(async () => {
  cl = await iniciarCognitoLocal('fallas');
  h = await handlersDePersonal();
  cognito = await (await import('../../functions/src/commons/cognito')).clienteCognito();
  ddb = (await import('../../functions/src/commons/db')).ddb;
});
afterAll(() => cl?.detener());
afterEach(() => {
  falla?.restaurar();
  falla = null;
});

const enCognito = (plan: Falla[]) => (falla = inyectarFallas(cognito, plan));
function sinFalla() {
  falla?.restaurar();
  falla = null;
}
const crear = (body: ReturnType<typeof nuevo>) => call(h.crear, apiEvent('crear-usuario', { caller: ADMIN, body }));

async function existeEnCognito(email: string): Promise<boolean> {
  try {
    await cl.idp.send(new AdminGetUserCommand({ UserPoolId: cl.pool.userPoolId, Username: email }));
    return true;
  } catch {
    return false;
  }
}

describe('crear usuario con Cognito limitado', () => {
  it.each(['AdminCreateUserCommand', 'AdminSetUserPasswordCommand', 'AdminAddUserToGroupCommand'])(
    'TooManyRequests en %s: 429 en español, ningún usuario a medias; reintentar lo crea',
    async (comando) => {
      const body = nuevo();
      enCognito([{ comando, error: limite, veces: Infinity }]);
      const res = await crear(body);
      sinFalla();
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/intenta de nuevo/i) });
      expect(await existeEnCognito(body.email)).toBe(false);
      expect((await crear(body)).status).toBe(201);
    },
  );

  it('si además la limpieza (AdminDeleteUser) choca con el límite dos veces, se reintenta y no deja el usuario huérfano', async () => {
    const body = nuevo();
    enCognito([
      { comando: 'AdminAddUserToGroupCommand', error: limite, veces: 1 },
      { comando: 'AdminDeleteUserCommand', error: limite, veces: 2 },
    ]);
    const res = await crear(body);
    sinFalla();
    expect(res.status).toBe(429);
    expect(await existeEnCognito(body.email)).toBe(false);
    expect((await crear(body)).status).toBe(201);
  });

  it('DynamoDB saturado al guardar el perfil: respuesta tipada (no 500), usuario de Cognito retirado; reintentar lo crea', async () => {
    const body = nuevo();
    falla = inyectarFallas(ddb, [{ comando: 'TransactWriteCommand', error: dynamo.limite, veces: Infinity }]);
    const res = await crear(body);
    sinFalla();
    expect([409, 503]).toContain(res.status);
    expect(await existeEnCognito(body.email)).toBe(false);
    expect((await crear(body)).status).toBe(201);
  });
});

describe('actualizar y restablecer con Cognito limitado', () => {
  it('promover a administrador con TooManyRequests a mitad de camino: 429, y nunca queda admin con su contraseña anterior', async () => {
    const body = nuevo();
    const creado = await crear(body);
    expect(creado.status).toBe(201);
    const cambio = { nombre: 'Ana', apellido: 'Quesada', rol: 'admin' };
    const promover = () =>
      call(h.actualizar, apiEvent('actualizar-usuario', { caller: ADMIN, params: { id: creado.body.id }, body: cambio }));

    // the password annulment is refused after the admin group could have been added
    enCognito([{ comando: 'AdminSetUserPasswordCommand', error: limite, veces: Infinity }]);
    const res = await promover();
    sinFalla();
    expect(res.status).toBe(429);
    const entra = await cl
      .iniciarSesion(body.email, PASSWORD)
      .then((t) => JSON.parse(Buffer.from(t.idToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>)
      .catch(() => null);
    // either the old password no longer works, or it does not carry the admin group
    if (entra) expect(entra['cognito:groups'] ?? []).not.toContain('admin');

    const otra = await promover();
    expect(otra.status, JSON.stringify(otra.body)).toBe(200);
    await expect(
      cl.idp.send(
        new AdminInitiateAuthCommand({
          UserPoolId: cl.pool.userPoolId,
          ClientId: cl.pool.clientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: body.email, PASSWORD },
        }),
      ),
    ).rejects.toThrow();
  });

  it('restablecer contraseña con TooManyRequests: 429 en español', async () => {
    const creado = await crear(nuevo());
    enCognito([{ comando: 'AdminResetUserPasswordCommand', error: limite, veces: Infinity }]);
    const res = await call(
      h.restablecer,
      apiEvent('restablecer-contrasena-usuario', { caller: ADMIN, params: { id: creado.body.id } }),
    );
    sinFalla();
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('TOO_MANY_REQUESTS');
  });

  it.each(['AdminGetUserCommand', 'AdminListGroupsForUserCommand', 'ConfirmForgotPasswordCommand'])(
    'restablecer la propia contraseña con TooManyRequests en %s: 429 en español, no 500',
    async (comando) => {
      const body = nuevo();
      expect((await crear(body)).status).toBe(201);
      enCognito([{ comando, error: limite, veces: Infinity }]);
      const res = await call(
        h.restablecerPropia,
        apiEvent('restablecer-contrasena', { body: { email: body.email, codigo: '123456', nueva: 'Otra-Clave-Larga-2026!' } }),
      );
      sinFalla();
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('TOO_MANY_REQUESTS');
    },
  );
});
