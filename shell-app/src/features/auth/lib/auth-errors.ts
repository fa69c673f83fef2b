import { TEXTS } from '@cuota/shared';

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : '';
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

/** Spec §8: a sign-up error saying the user exists ('already registered'). */
export function isUserAlreadyRegistered(error: unknown): boolean {
  return errorName(error) === 'UsernameExistsException' || /already (exists|registered)/i.test(errorText(error));
}

const BAD_CREDENTIALS = new Set(['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException']);

/**
 * The message under 'Error de autenticación'. Wrong credentials get one Spanish sentence
 * (Cognito answers in English, and the emulator reports a wrong password as
 * InvalidPasswordException); anything else shows the server's own message.
 */
export function signInErrorMessage(error: unknown): string {
  if (BAD_CREDENTIALS.has(errorName(error))) return TEXTS.auth.invalidCredentials;
  if (errorName(error) === 'SignInIncompleteError') return TEXTS.auth.signInIncomplete;
  return errorText(error) || TEXTS.errors.internal;
}

/** The message under 'Error en el registro': the server's message, or the generic one. */
export function signUpErrorMessage(error: unknown): string {
  return errorText(error) || TEXTS.errors.internal;
}

/**
 * A password change refused because the current password is wrong: AWS answers
 * NotAuthorizedException, the emulator InvalidPasswordException (the new one already passed
 * the policy in the form).
 */
export function isWrongCurrentPassword(error: unknown): boolean {
  return errorName(error) === 'NotAuthorizedException' || errorName(error) === 'InvalidPasswordException';
}
