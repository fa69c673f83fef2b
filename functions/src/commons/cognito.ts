import type { AdminCreateUserCommandInput, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { passwordTexts } from '@cuota/shared/texts/password';
import { usuariosTexts } from '@cuota/shared/texts/usuarios';
import { isStaffRole, type StaffRole } from '@cuota/shared/roles';
import { ValidationError } from './errors';
import { instrumentar } from './observabilidad';

/** The Cognito SDK package, loaded on first use (see `clienteCognito`). */
const sdk = () => import('@aws-sdk/client-cognito-identity-provider');
let cliente: Promise<CognitoIdentityProviderClient> | undefined;

/**
 * The user pool's API, built once per container on its first use. Locally the endpoint comes
 * from AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER (cognito-local). The SDK package is loaded then,
 * not at import: some functions bundle this module for a call most of their invocations never
 * make (the collections list checks a cobrador's groups only when assigning one), and loading the
 * package and building the client would cost each of their cold starts about 20 ms.
 */
export function clienteCognito(): Promise<CognitoIdentityProviderClient> {
  cliente ??= sdk().then(({ CognitoIdentityProviderClient: Cliente }) => instrumentar(new Cliente({})));
  return cliente;
}

/** `send` of the user pool's client (built on the first call). */
export const cognito = {
  send: (async (command: Parameters<CognitoIdentityProviderClient['send']>[0]) =>
    (await clienteCognito()).send(command)) as CognitoIdentityProviderClient['send'],
};

/**
 * A new account as staff creation and the local demo users make it: the e-mail is the username
 * and is verified, the names are given_name/family_name, and no invitation is sent (the password
 * is set next).
 */
export function cuentaNueva(
  pool: string,
  persona: { email: string; nombre: string; apellido: string },
): AdminCreateUserCommandInput {
  return {
    UserPoolId: pool,
    Username: persona.email,
    MessageAction: 'SUPPRESS',
    UserAttributes: [
      { Name: 'email', Value: persona.email },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'given_name', Value: persona.nombre },
      { Name: 'family_name', Value: persona.apellido },
    ],
  };
}

/** USER_POOL_ID locally; on AWS the pool id is the last path segment of COGNITO_ISSUER. */
export function userPoolId(): string {
  const direct = process.env.USER_POOL_ID;
  if (direct) return direct;
  const issuer = process.env.COGNITO_ISSUER ?? '';
  const id = issuer.replace(/\/+$/, '').split('/').pop();
  if (!id) throw new Error('USER_POOL_ID/COGNITO_ISSUER no configurado');
  return id;
}

/** The web app client: the public password APIs (ChangePassword, ConfirmForgotPassword) name it. */
export function webClientId(): string {
  const id = process.env.COGNITO_CLIENT_ID;
  if (!id) throw new Error('COGNITO_CLIENT_ID no configurado');
  return id;
}

/** The SDK error's name (e.g. 'UserNotFoundException'). */
export const errorName = (error: unknown): string | undefined => (error as { name?: string } | null)?.name;

/**
 * Past our own rules, what Cognito still refuses as a new password is a compromised or common one
 * (threat protection); its message is English, so `campo` gets the spec's. Null for any other error.
 */
export function contrasenaRechazada(error: unknown, campo: string): ValidationError | null {
  return errorName(error) === 'InvalidPasswordException'
    ? new ValidationError({ [campo]: passwordTexts.common }, usuariosTexts.weakPassword)
    : null;
}

/** The staff roles (role groups) of a user; null when the pool has no such user. */
export async function rolesDe(username: string): Promise<StaffRole[] | null> {
  try {
    const { AdminListGroupsForUserCommand } = await sdk();
    const out = await cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: userPoolId(), Username: username }));
    return (out.Groups ?? []).map((g) => g.GroupName ?? '').filter(isStaffRole);
  } catch (error) {
    if (errorName(error) === 'UserNotFoundException') return null;
    throw error;
  }
}
