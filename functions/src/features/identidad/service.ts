import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { RegistroForm } from '@cuota/shared';
import { authTexts } from '@cuota/shared/texts/auth';
import { randomBytes } from 'node:crypto';
import { cognito, contrasenaRechazada, errorName, webClientId } from '#commons/cognito';
import { ConflictError, TooManyRequestsError } from '#commons/errors';
import { consumirAlta, crearAlta } from './store';

/** The ClientMetadata key that carries the registration ticket to the PreSignUp trigger. */
export const METADATO_ALTA = 'alta';

const LIMITE_COGNITO = new Set(['LimitExceededException', 'TooManyRequestsException']);

/**
 * POST /api/auth/registro: the whole registration was checked by the route's schema (spec §5:
 * password rules and blocklist, phone, normalised e-mail); a one-time ticket is stored and
 * Cognito SignUp is called with it, so the PreSignUp trigger knows the sign-up came through here.
 */
export async function registrarCuenta(input: RegistroForm, ahora = new Date()): Promise<{ ok: true }> {
  const nonce = randomBytes(18).toString('base64url');
  await crearAlta(input.email, nonce, ahora);
  try {
    await cognito.send(
      new SignUpCommand({
        ClientId: webClientId(),
        Username: input.email,
        Password: input.password,
        UserAttributes: [
          { Name: 'email', Value: input.email },
          { Name: 'given_name', Value: input.nombre },
          { Name: 'family_name', Value: input.apellido },
        ],
        ClientMetadata: { [METADATO_ALTA]: nonce },
      }),
    );
  } catch (error) {
    const name = errorName(error);
    if (name === 'UsernameExistsException') throw new ConflictError(authTexts.alreadyRegistered, 'YA_REGISTRADO');
    if (name && LIMITE_COGNITO.has(name)) throw new TooManyRequestsError();
    throw contrasenaRechazada(error, 'password') ?? error;
  }
  return { ok: true };
}

/** PreSignUp: whether a self sign-up brings this e-mail's live ticket (consumed: it works once). */
export async function altaAutorizada(email: string | undefined, metadata: Record<string, string> | undefined): Promise<boolean> {
  const nonce = metadata?.[METADATO_ALTA];
  if (!email || !nonce) return false;
  return consumirAlta(email, nonce, new Date());
}
