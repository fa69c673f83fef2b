/**
 * Amplify v6, loaded on first use so the landing page does not download it. Tokens stay in
 * localStorage (Amplify's default) and are refreshed by fetchAuthSession when they expire.
 */
import { getConfig, resolveUrl } from '@cuota/shared/web';
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn, signOut, signUp, updatePassword } from 'aws-amplify/auth';

const { auth } = getConfig();
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

/** Thrown when Cognito asks for a step this product does not offer (new password, MFA setup...). */
export class SignInIncompleteError extends Error {
  override readonly name = 'SignInIncompleteError';
}

export async function idToken(): Promise<string | null> {
  try {
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}

export async function signInWithPassword(email: string, password: string): Promise<void> {
  // A stale session (e.g. a token the API no longer accepts) would make signIn refuse with
  // UserAlreadyAuthenticatedException; clear it locally first.
  if (await idToken()) await signOut();
  const result = await signIn({
    username: email,
    password,
    options: { authFlowType: auth.authFlowType },
  });
  if (!result.isSignedIn) throw new SignInIncompleteError(result.nextStep.signInStep);
}

export async function signUpCliente(input: { email: string; password: string; nombre: string; apellido: string }): Promise<void> {
  await signUp({
    username: input.email,
    password: input.password,
    options: { userAttributes: { email: input.email, given_name: input.nombre, family_name: input.apellido } },
  });
}

export async function signOutUser(): Promise<void> {
  await signOut();
}

/** Cognito ChangePassword for the signed-in user (it needs the current password). */
export async function changeOwnPassword(oldPassword: string, newPassword: string): Promise<void> {
  await updatePassword({ oldPassword, newPassword });
}
