import { AdminInitiateAuthCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real cognito-local for handler tests: its own port and data folder, the pool and client the
 * local stack creates, and the environment the handlers read (USER_POOL_ID, COGNITO_CLIENT_ID, the
 * SDK endpoint). Call it in beforeAll, before importing the handlers.
 */
export interface CognitoDePrueba {
  dir: string;
  pool: { userPoolId: string; clientId: string };
  /** An SDK client for the emulator, for checks the handlers do not make. */
  idp: CognitoIdentityProviderClient;
  /** Signs in with email and password; throws when Cognito refuses. */
  iniciarSesion(email: string, password: string): Promise<{ idToken: string; accessToken: string }>;
  detener(): void;
}

export async function iniciarCognitoLocal(prefijo: string): Promise<CognitoDePrueba> {
  const dir = mkdtempSync(join(tmpdir(), `cuota-${prefijo}-`));
  process.env.CUOTA_LOCAL_DIR = dir;
  const { arrancarCognitoDePrueba } = await import('../../infra/local/puertos');
  const { ports, service } = await arrancarCognitoDePrueba();
  const { ensureUserPool } = await import('../../infra/local/bootstrap');
  // the emulator answers only calls signed with the stack's control key (the handlers' clients and `idp`)
  const { CLAVE_DE_CONTROL } = await import('../../infra/local/settings');
  process.env.AWS_ACCESS_KEY_ID = CLAVE_DE_CONTROL;
  const pool = await ensureUserPool(ports);
  const endpoint = `http://127.0.0.1:${ports.cognito}`;
  process.env.USER_POOL_ID = pool.userPoolId;
  process.env.COGNITO_CLIENT_ID = pool.clientId;
  process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER = endpoint;
  const { conClaveDeControl, firmarClienteDeLasFunciones } = await import('../../infra/local/cognito-firmante');
  await firmarClienteDeLasFunciones();
  const idp = conClaveDeControl(new CognitoIdentityProviderClient({ endpoint }));
  return {
    dir,
    pool,
    idp,
    async iniciarSesion(email, password) {
      const out = await idp.send(
        new AdminInitiateAuthCommand({
          UserPoolId: pool.userPoolId,
          ClientId: pool.clientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      const r = out.AuthenticationResult;
      if (!r?.IdToken || !r.AccessToken) throw new Error(`sin tokens para ${email}`);
      return { idToken: r.IdToken, accessToken: r.AccessToken };
    },
    detener() {
      service.process.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
