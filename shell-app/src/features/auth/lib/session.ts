/** The session API the rest of the shell uses; Amplify itself is imported lazily. */
import { okSchema, type RegistroForm } from '@cuota/shared';
import { api } from '@cuota/shared/web';
import type { SignInStep } from './cognito';

const cognito = () => import('./cognito');

export async function getIdToken(): Promise<string | null> {
  return (await cognito()).idToken();
}

export async function signIn(email: string, password: string): Promise<SignInStep> {
  return (await cognito()).signInWithPassword(email, password);
}

/**
 * Through the server (POST /api/auth/registro), which checks the whole registration (spec §5) and
 * calls Cognito SignUp with the ticket its PreSignUp trigger requires; the account is confirmed.
 */
export async function signUp(input: RegistroForm): Promise<void> {
  await api.post('/api/auth/registro', input, { schema: okSchema });
}

export async function signOut(): Promise<void> {
  return (await cognito()).signOutUser();
}

/** Through the server (POST /api/perfil/contrasena), which applies the role's rules (16+ for admins) first. */
export async function changePassword(actual: string, nueva: string): Promise<void> {
  const token_acceso = await (await cognito()).accessToken();
  await api.post('/api/perfil/contrasena', { actual, nueva, token_acceso }, { schema: okSchema });
}

/** Asks Cognito to email a reset code (the new password then goes through the server). */
export async function sendPasswordResetCode(email: string): Promise<void> {
  return (await cognito()).sendPasswordResetCode(email);
}

export async function confirmSignInCode(code: string): Promise<void> {
  return (await cognito()).confirmSignInWithTotp(code);
}

export async function hasTotp(): Promise<boolean> {
  return (await cognito()).hasTotp();
}

export async function startTotpSetup(): Promise<{ secret: string; uri: string }> {
  return (await cognito()).startTotpSetup();
}

export async function confirmTotpSetup(code: string): Promise<void> {
  return (await cognito()).confirmTotpSetup(code);
}

export async function disableTotp(): Promise<void> {
  return (await cognito()).disableTotp();
}
