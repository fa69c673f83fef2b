/** The session API the rest of the shell uses; Amplify itself is imported lazily. */
import { okSchema } from '@cuota/shared/schemas/perfil';
import type { RegistroForm } from '@cuota/shared/schemas/registro';
import { api, getConfig } from '@cuota/shared/web';
import type { SignInStep } from './cognito';

const cognito = () => import('./cognito');

/** A token still valid for this long is used as stored; a closer expiry goes through Amplify, which refreshes it. */
const MARGEN_MS = 60_000;

/**
 * The ID token Amplify stored for the last signed-in user of this app client, while it is valid
 * for at least another minute: a page with a session reads it without downloading Amplify (about
 * 35 kB gzip on a phone). Amplify v6 keeps it in localStorage under
 * `CognitoIdentityServiceProvider.<clientId>.<user>.idToken`.
 */
export function idTokenGuardado(
  clientId: string,
  storage: Pick<Storage, 'getItem'> = localStorage,
  ahora = Date.now(),
): string | null {
  const prefijo = `CognitoIdentityServiceProvider.${clientId}`;
  const usuario = storage.getItem(`${prefijo}.LastAuthUser`);
  const token = usuario ? storage.getItem(`${prefijo}.${usuario}.idToken`) : null;
  const exp = token ? reclamosDe(token)?.exp : undefined;
  return typeof exp === 'number' && exp * 1000 - MARGEN_MS > ahora ? token! : null;
}

/** The claims of a JWT (not verified: the API verifies it), or null when it is not one. */
function reclamosDe(token: string): Record<string, unknown> | null {
  const cuerpo = token.split('.')[1];
  if (!cuerpo) return null;
  try {
    const reclamos: unknown = JSON.parse(atob(cuerpo.replace(/-/g, '+').replace(/_/g, '/')));
    return reclamos && typeof reclamos === 'object' ? (reclamos as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The `cuota_mfa` claim the PreTokenGeneration trigger puts in staff ID tokens on AWS ('totp' or
 * 'no'), or undefined for a token without it: a customer's, the local pool's, or one issued before
 * the trigger existed.
 */
export function claimMfaDe(token: string | null): unknown {
  return token ? reclamosDe(token)?.cuota_mfa : undefined;
}

let renovadaSinClaim = false;

/**
 * The API requires staff MFA of a session whose ID token has no `cuota_mfa` claim: a token issued
 * before the trigger existed, which says nothing about TOTP. Renews the session once per page load
 * so that staff who already enrolled are not sent to enrol again; true when the new token says TOTP.
 * Never more than once (no loop), and never for a token that has the claim: its answer stands. A
 * refresh that fails (cognito-local cannot refresh after a code sign-in) counts as not renewed.
 */
export async function renovarSesionSinClaimMfa(): Promise<boolean> {
  if (renovadaSinClaim) return false;
  const token = await getIdToken();
  if (!token || claimMfaDe(token) !== undefined) return false;
  renovadaSinClaim = true;
  try {
    await (await cognito()).renovarSesion();
  } catch (error) {
    console.warn('No se pudo renovar la sesión', error);
    return false;
  }
  return claimMfaDe(await getIdToken()) === 'totp';
}

export async function getIdToken(): Promise<string | null> {
  return idTokenGuardado(getConfig().auth.userPoolClientId) ?? (await cognito()).idToken();
}

/** Starts loading Amplify where a sign-in is about to happen (the /auth page), so the submit does not wait for it. */
export function precargarCognito(): void {
  void cognito().catch(() => undefined);
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
