/**
 * Amplify v6, loaded on first use so the landing page does not download it. Tokens stay in
 * localStorage (Amplify's default) and are refreshed by fetchAuthSession when they expire.
 */
import { generalTexts } from '@cuota/shared/texts/general';
import { getConfig, resolveUrl } from '@cuota/shared/web';
import { Amplify } from 'aws-amplify';
import {
  confirmSignIn,
  fetchAuthSession,
  fetchMFAPreference,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  resetPassword,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { ConsoleLogger } from 'aws-amplify/utils';

const { auth } = getConfig();
configurarAmplify();

/**
 * Amplify.configure warns on every page load that a custom user-pool endpoint is set; the local
 * stack sets one on purpose (its Cognito emulator, infra/local/cognito-local.ts). The warning is
 * silenced for this one call only, and only when the endpoint comes from our own config: every
 * other Amplify warning still prints (the log level is restored at once).
 */
function configurarAmplify(): void {
  const nivel = ConsoleLogger.LOG_LEVEL;
  if (auth.userPoolEndpoint) ConsoleLogger.LOG_LEVEL = 'ERROR';
  try {
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: auth.userPoolId,
          userPoolClientId: auth.userPoolClientId,
          ...(auth.userPoolEndpoint ? { userPoolEndpoint: resolveUrl(auth.userPoolEndpoint) } : {}),
          loginWith: { email: true },
        },
      },
    });
  } finally {
    ConsoleLogger.LOG_LEVEL = nivel;
  }
}

/** Thrown when Cognito asks for a step this product does not offer (new password, MFA setup...). */
export class SignInIncompleteError extends Error {
  override readonly name = 'SignInIncompleteError';
}

/** Where a password sign-in stands: done, or waiting for the code of a user enrolled in TOTP. */
export type SignInStep = 'done' | 'totp';

/** Cognito wants a new password set with the emailed code before this account signs in again. */
export class PasswordResetRequiredError extends Error {
  override readonly name = 'PasswordResetRequiredError';
}

export async function idToken(): Promise<string | null> {
  try {
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}

export async function signInWithPassword(email: string, password: string): Promise<SignInStep> {
  // A stale session (e.g. a token the API no longer accepts) would make signIn refuse with
  // UserAlreadyAuthenticatedException; clear it locally first.
  if (await idToken()) await signOut();
  const result = await signIn({
    username: email,
    password,
    options: { authFlowType: auth.authFlowType },
  });
  if (result.isSignedIn) return 'done';
  // The pool's only second factor is TOTP (infra/lib/auth.ts), optional per user.
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'totp';
  // After an admin's reset or a promotion to admin the password no longer works: a code was emailed.
  if (result.nextStep.signInStep === 'RESET_PASSWORD') throw new PasswordResetRequiredError();
  throw new SignInIncompleteError(result.nextStep.signInStep);
}

/**
 * Answers the TOTP challenge signInWithPassword left open: Amplify keeps the challenge's
 * session between the two calls (Cognito gives it 3 minutes).
 */
export async function confirmSignInWithTotp(code: string): Promise<void> {
  const result = await confirmSignIn({ challengeResponse: code });
  if (!result.isSignedIn) throw new SignInIncompleteError(result.nextStep.signInStep);
}

export async function signOutUser(): Promise<void> {
  await signOut();
}

/**
 * The signed-in user's access token: the server's password route hands it to Cognito's
 * ChangePassword after applying the role's rules (the browser never changes a password directly).
 */
export async function accessToken(): Promise<string> {
  const token = (await fetchAuthSession()).tokens?.accessToken?.toString();
  if (!token) throw new SignInIncompleteError('SIGNED_OUT');
  return token;
}

/** Whether the signed-in user has TOTP on (Cognito GetUser's MFA settings). */
export async function hasTotp(): Promise<boolean> {
  const { enabled } = await fetchMFAPreference();
  return enabled?.includes('TOTP') ?? false;
}

/**
 * Starts TOTP enrolment (AssociateSoftwareToken): the secret for manual entry and the
 * otpauth:// URI for the QR code, named after the product and the account's email so the
 * authenticator app shows which login the code belongs to.
 */
export async function startTotpSetup(): Promise<{ secret: string; uri: string }> {
  const details = await setUpTOTP();
  const { tokens } = await fetchAuthSession();
  const email = tokens?.idToken?.payload.email;
  const uri = details.getSetupUri(generalTexts.brand, typeof email === 'string' ? email : undefined).toString();
  return { secret: details.sharedSecret, uri };
}

/**
 * Checks the first code from the app (VerifySoftwareToken), then enables TOTP as the user's
 * preferred factor (SetUserMFAPreference), the step that makes sign-in ask for the code.
 */
export async function confirmTotpSetup(code: string): Promise<void> {
  await verifyTOTPSetup({ code });
  await updateMFAPreference({ totp: 'PREFERRED' });
  await renovarSiElClaimCambia('totp');
}

export async function disableTotp(): Promise<void> {
  await updateMFAPreference({ totp: 'DISABLED' });
  await renovarSiElClaimCambia('no');
}

/**
 * New tokens when the ID token's `cuota_mfa` claim (the PreTokenGeneration trigger on AWS) no longer
 * matches: after enrolling, staff routes answer at once where staff MFA is required, instead of when
 * the 15-minute token expires. A token without the claim (a customer, or the local pool, which has
 * no such trigger) has nothing to update and is left alone; a staff token from before the trigger
 * existed is renewed when the API first refuses it (session.ts renovarSesionSinClaimMfa).
 */
export async function renovarSiElClaimCambia(ahora: 'totp' | 'no'): Promise<void> {
  const claim = (await fetchAuthSession()).tokens?.idToken?.payload.cuota_mfa;
  if (claim === undefined || claim === ahora) return;
  await fetchAuthSession({ forceRefresh: true });
}

/** New tokens now (the refresh token), whatever the current ones' expiry. */
export async function renovarSesion(): Promise<void> {
  await fetchAuthSession({ forceRefresh: true });
}

/**
 * Cognito emails a reset code (ForgotPassword). An unknown email is answered like a known one, as
 * the pool does on AWS (preventUserExistenceErrors); the emulator says UserNotFoundException.
 */
export async function sendPasswordResetCode(email: string): Promise<void> {
  try {
    await resetPassword({ username: email });
  } catch (error) {
    if ((error as Error).name !== 'UserNotFoundException') throw error;
  }
}
