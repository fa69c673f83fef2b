import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { totp } from '@cuota/shared/testing/totp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cuentaNueva } from '#commons/cognito';
import { type CognitoDePrueba, iniciarCognitoLocal } from '../../../test/cognito-local';
import { uniqueEmail } from '../../../test/events';
import { type LeerUsuario, preTokenGeneration } from './pre-token-generation';

/** A V1_0 PreTokenGeneration event as Cognito sends it: the user's groups in `groupsToOverride`. */
function evento(userName: string, grupos: string[], userPoolId = 'us-east-1_prueba'): PreTokenGenerationTriggerEvent {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId,
    userName,
    triggerSource: 'TokenGeneration_Authentication',
    callerContext: { awsSdkVersion: 'x', clientId: 'cliente' },
    request: {
      userAttributes: { sub: userName },
      groupConfiguration: { groupsToOverride: grupos, iamRolesToOverride: [], preferredRole: undefined },
    },
    response: { claimsOverrideDetails: {} },
  } as unknown as PreTokenGenerationTriggerEvent;
}

const claims = (event: PreTokenGenerationTriggerEvent) => event.response.claimsOverrideDetails?.claimsToAddOrOverride;

describe('PreTokenGeneration (cliente de Cognito inyectado)', () => {
  it("personal con SOFTWARE_TOKEN_MFA: cuota_mfa 'totp'", async () => {
    const leer = vi.fn<LeerUsuario>(async () => ({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] }));
    const out = await preTokenGeneration(leer)(evento('ana', ['analista']));
    expect(claims(out)).toEqual({ cuota_mfa: 'totp' });
    expect(leer).toHaveBeenCalledWith({ UserPoolId: 'us-east-1_prueba', Username: 'ana' });
  });

  it("personal sin TOTP (o solo con SMS): cuota_mfa 'no'", async () => {
    for (const lista of [undefined, [], ['SMS_MFA']]) {
      const out = await preTokenGeneration(async () => ({ UserMFASettingList: lista }))(evento('luis', ['admin', 'cobrador']));
      expect(claims(out)).toEqual({ cuota_mfa: 'no' });
    }
  });

  it('un cliente (sin grupos de personal) no cuesta una llamada a AdminGetUser ni recibe el claim', async () => {
    const leer = vi.fn<LeerUsuario>(async () => ({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] }));
    for (const grupos of [[], ['otro-grupo']]) {
      const out = await preTokenGeneration(leer)(evento('carolina', grupos));
      expect(claims(out)).toBeUndefined();
    }
    const sinConfiguracion = evento('carolina', []);
    delete (sinConfiguracion.request as { groupConfiguration?: unknown }).groupConfiguration;
    expect(claims(await preTokenGeneration(leer)(sinConfiguracion))).toBeUndefined();
    expect(leer).not.toHaveBeenCalled();
  });

  it('conserva los claims que otro paso ya había puesto', async () => {
    const event = evento('ana', ['admin']);
    event.response.claimsOverrideDetails = { claimsToAddOrOverride: { otro: 'x' }, claimsToSuppress: ['phone_number'] };
    const out = await preTokenGeneration(async () => ({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] }))(event);
    expect(out.response.claimsOverrideDetails).toEqual({
      claimsToAddOrOverride: { otro: 'x', cuota_mfa: 'totp' },
      claimsToSuppress: ['phone_number'],
    });
  });

  it('un fallo de Cognito se propaga (Cognito no emite el token) en vez de emitir uno sin decidir', async () => {
    const leer: LeerUsuario = async () => {
      throw Object.assign(new Error('limite'), { name: 'TooManyRequestsException' });
    };
    await expect(preTokenGeneration(leer)(evento('ana', ['admin']))).rejects.toThrow('limite');
  });
});

describe('PreTokenGeneration contra cognito-local (AdminGetUser real)', () => {
  let cl: CognitoDePrueba;
  let handler: (e: PreTokenGenerationTriggerEvent) => Promise<PreTokenGenerationTriggerEvent>;
  const password = 'Prueba-Mfa-2026!x';

  async function usuario(): Promise<string> {
    const email = uniqueEmail('personal');
    await cl.idp.send(new AdminCreateUserCommand(cuentaNueva(cl.pool.userPoolId, { email, nombre: 'Ana', apellido: 'Mora' })));
    await cl.idp.send(
      new AdminSetUserPasswordCommand({ UserPoolId: cl.pool.userPoolId, Username: email, Password: password, Permanent: true }),
    );
    return email;
  }

  beforeAll(async () => {
    cl = await iniciarCognitoLocal('pre-token');
    ({ handler } = await import('./pre-token-generation'));
  });
  afterAll(() => cl?.detener());

  it("quien activó la app de autenticación recibe 'totp'; quien no, 'no'", async () => {
    const conTotp = await usuario();
    const { accessToken } = await cl.iniciarSesion(conTotp, password);
    const { SecretCode } = await cl.idp.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    await cl.idp.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totp(SecretCode!) }));
    await cl.idp.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    expect(claims(await handler(evento(conTotp, ['admin'], cl.pool.userPoolId)))).toEqual({ cuota_mfa: 'totp' });

    const sinTotp = await usuario();
    expect(claims(await handler(evento(sinTotp, ['cobrador'], cl.pool.userPoolId)))).toEqual({ cuota_mfa: 'no' });
  });
});
