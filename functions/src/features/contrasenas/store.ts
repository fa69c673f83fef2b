import {
  AdminGetUserCommand,
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { type ContrasenaCambio, type ContrasenaRestablecer, type StaffRole } from '@cuota/shared';
import { configuracionPageTexts } from '@cuota/shared/texts/configuracionPage';
import { seguridadTexts } from '@cuota/shared/texts/seguridad';
import { actorDe, type Caller } from '#commons/auth';
import { cognito, contrasenaRechazada, errorName, rolesDe, userPoolId, webClientId } from '#commons/cognito';
import { ForbiddenError, TooManyRequestsError, ValidationError } from '#commons/errors';
import { registrarActividad } from '#commons/registro';
import { reglaDeRol } from './domain';

/**
 * Passwords are set through these two routes so that the server applies the rules of the
 * account's roles (spec §5: 16+ for admins) before Cognito sees the password. Cognito's pool
 * policy (12+) is one per pool and cannot tell an admin from a customer.
 */

const LIMITE = new Set(['LimitExceededException', 'TooManyRequestsException', 'TooManyFailedAttemptsException']);

/** The `sub` an access token names (Cognito verifies the token itself in ChangePassword). */
function subDelToken(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

function refusal(roles: readonly StaffRole[], nueva: string): void {
  const error = reglaDeRol(roles, nueva);
  if (error) throw new ValidationError({ nueva: error.mensaje }, error.titulo);
}

/** POST /api/perfil/contrasena: the caller's own password, with the current one. */
export async function cambiarContrasena(caller: Caller, input: ContrasenaCambio): Promise<{ ok: true }> {
  // The access token must be the caller's own: an ID token of one user with another's access
  // token would otherwise change the other user's password under the first one's rules.
  if (subDelToken(input.token_acceso) !== caller.userId) throw new ForbiddenError();
  refusal(caller.roles, input.nueva);
  try {
    await cognito.send(
      new ChangePasswordCommand({
        AccessToken: input.token_acceso,
        PreviousPassword: input.actual,
        ProposedPassword: input.nueva,
      }),
    );
  } catch (error) {
    const name = errorName(error);
    const message = (error as Error).message ?? '';
    if (name && LIMITE.has(name)) throw new TooManyRequestsError();
    if (name === 'NotAuthorizedException' && /access token|revoked|expired/i.test(message)) {
      throw new ValidationError({ token_acceso: seguridadTexts.sesionInvalida }, seguridadTexts.sesionInvalida);
    }
    // a wrong current password (InvalidPasswordException is a refused new one)
    if (name === 'NotAuthorizedException') {
      throw new ValidationError(
        { actual: configuracionPageTexts.contrasenaActualIncorrecta },
        configuracionPageTexts.contrasenaActualIncorrecta,
      );
    }
    throw contrasenaRechazada(error, 'nueva') ?? error;
  }
  await registrarActividad({
    tipo_actividad: 'update',
    descripcion: seguridadTexts.actividadCambio(caller.email),
    ...actorDe(caller),
  });
  return { ok: true };
}

/** The account an email names: its sub and roles, or null (refused like a wrong code: no enumeration). */
async function cuenta(email: string): Promise<{ sub: string; roles: StaffRole[] } | null> {
  try {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: email }));
    const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? user.Username!;
    return { sub, roles: (await rolesDe(user.Username ?? email)) ?? [] };
  } catch (error) {
    if (errorName(error) === 'UserNotFoundException') return null;
    throw error;
  }
}

/**
 * The one answer to every reset refused for a reason that depends on the account: an unknown
 * address, a wrong, spent or expired code, an admin account's password under 16, or a password
 * Cognito refuses (e.g. compromised). Telling them apart would tell who is staff, and who has an
 * account at all; the form states the admin rule up front (TEXTS.restablecer.notaAdmin).
 */
const rechazoUniforme = () =>
  new ValidationError({ codigo: seguridadTexts.restablecimientoRechazado }, seguridadTexts.restablecimientoRechazado);

/** Cognito's refusals of a reset that depend on the account or its code. */
const RECHAZOS_RESTABLECER = new Set([
  'CodeMismatchException',
  'ExpiredCodeException',
  'UserNotFoundException',
  'NotAuthorizedException',
  'InvalidPasswordException',
]);

/**
 * POST /api/auth/restablecer-contrasena: the emailed code and a new password that fits the
 * account's roles. An admin's short password is refused before Cognito, so the code still works.
 */
export async function restablecerContrasena(input: ContrasenaRestablecer): Promise<{ ok: true }> {
  const found = await cuenta(input.email);
  if (!found || reglaDeRol(found.roles, input.nueva)) throw rechazoUniforme();
  try {
    await cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: webClientId(),
        Username: input.email,
        ConfirmationCode: input.codigo,
        Password: input.nueva,
      }),
    );
  } catch (error) {
    const name = errorName(error);
    if (name && LIMITE.has(name)) throw new TooManyRequestsError();
    if (name && RECHAZOS_RESTABLECER.has(name)) throw rechazoUniforme();
    throw error;
  }
  await registrarActividad({
    tipo_actividad: 'update',
    descripcion: seguridadTexts.actividadRestablecida(input.email),
    user_id: found.sub,
    user_nombre: input.email,
  });
  return { ok: true };
}
