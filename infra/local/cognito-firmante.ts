import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { autorizacionDeControl } from './control-clave';
import { CLAVE_DE_CONTROL } from './settings';

/**
 * cognito-local answers only calls that name the stack's control key as their SigV4 `Credential=`
 * (cognito-local.ts). An SDK client whose access key id is the key signs the admin calls by
 * itself, but sends the public ones (InitiateAuth, SignUp, ForgotPassword, ConfirmForgotPassword,
 * ChangePassword…) unsigned, as AWS accepts them from anyone: this gives those the key too. The
 * local stack applies it to the functions' own client (functions/src/commons/cognito.ts) from the
 * outside, so the Lambda code carries no local branch.
 */
export function conClaveDeControl<C extends Pick<CognitoIdentityProviderClient, 'middlewareStack'>>(
  client: C,
  clave = CLAVE_DE_CONTROL,
): C {
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { headers?: Record<string, string> };
      if (request.headers && request.headers.authorization === undefined) {
        request.headers.authorization = autorizacionDeControl(clave);
      }
      return next(args);
    },
    { step: 'build', name: 'claveDeControlLocal', override: true },
  );
  return client;
}

/** The functions' Cognito client, in this process, signed with the stack's key. */
export async function firmarClienteDeLasFunciones(clave = CLAVE_DE_CONTROL): Promise<void> {
  const { clienteCognito } = await import('../../functions/src/commons/cognito');
  conClaveDeControl(await clienteCognito(), clave);
}
