import { authTexts } from '@cuota/shared/texts/auth';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { seguridadTexts } from '@cuota/shared/texts/seguridad';

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : '';
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

/** Spec §8: a sign-up error saying the user exists ('already registered'; the server's 409 YA_REGISTRADO). */
export function isUserAlreadyRegistered(error: unknown): boolean {
  return (
    (error as { code?: unknown } | null)?.code === 'YA_REGISTRADO' ||
    errorName(error) === 'UsernameExistsException' ||
    /already (exists|registered)/i.test(errorText(error))
  );
}

const BAD_CREDENTIALS = new Set(['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException']);
/** Cognito's throttling answers (on AWS in English; the local `/cognito` proxy answers 429 with the same names). */
const THROTTLED = new Set(['TooManyRequestsException', 'LimitExceededException', 'TooManyFailedAttemptsException']);

/** Too many attempts (sign-in, sign-up or reset codes): one Spanish sentence asking to wait. */
function throttledMessage(error: unknown): string | null {
  return THROTTLED.has(errorName(error)) ? seguridadTexts.demasiadosIntentos : null;
}

/**
 * The message under 'Error de autenticación'. Wrong credentials get one Spanish sentence
 * (Cognito answers in English, and the emulator reports a wrong password as
 * InvalidPasswordException); anything else shows the server's own message.
 */
export function signInErrorMessage(error: unknown): string {
  const throttled = throttledMessage(error);
  if (throttled) return throttled;
  if (BAD_CREDENTIALS.has(errorName(error))) return authTexts.invalidCredentials;
  if (errorName(error) === 'SignInIncompleteError') return authTexts.signInIncomplete;
  return errorText(error) || errorsTexts.internal;
}

/** The message under 'Error en el registro': the server's message, or the generic one. */
export function signUpErrorMessage(error: unknown): string {
  return throttledMessage(error) ?? (errorText(error) || errorsTexts.internal);
}

/** The message when a reset code could not be sent: the same, for the reset screen. */
export const resetCodeErrorMessage = signUpErrorMessage;

/**
 * A TOTP code Cognito refused. At sign-in it answers CodeMismatchException; at enrolment AWS
 * answers EnableSoftwareTokenMFAException ('Code mismatch') and the emulator CodeMismatchException.
 */
export function isWrongTotpCode(error: unknown): boolean {
  return errorName(error) === 'CodeMismatchException' || errorName(error) === 'EnableSoftwareTokenMFAException';
}

/**
 * The sign-in's TOTP challenge can no longer be answered: Cognito's session expired or was spent
 * (NotAuthorizedException 'Invalid session for the user', ExpiredCodeException), or Amplify no
 * longer holds it (SignInException, e.g. after its 3 minutes). Only the password step helps then.
 */
export function isSignInChallengeGone(error: unknown): boolean {
  return ['NotAuthorizedException', 'ExpiredCodeException', 'SignInException'].includes(errorName(error));
}

/** The account must set a new password with the emailed code (Amplify's RESET_PASSWORD step, or Cognito's exception). */
export function isPasswordResetRequired(error: unknown): boolean {
  return errorName(error) === 'PasswordResetRequiredError' || errorName(error) === 'PasswordResetRequiredException';
}
