import { authTexts } from '@cuota/shared/texts/auth';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { mfaTexts } from '@cuota/shared/texts/mfa';
import { toast } from '@cuota/shared/ui';
import type { QueryClient } from '@tanstack/react-query';
import { identidadQueryKey, obtenerIdentidadQueryOptions } from '../api/obtener-identidad';
import { homeAfterLogin, type Identity } from './guard';
import { claimMfaDe, confirmSignInCode, getIdToken, renovarSesionSinClaimMfa, signIn, signOut } from './session';

/** After the password: where to go, or the code step for a user enrolled in TOTP. */
export type SignInOutcome = { next: 'home'; home: '/clientes' | '/portal' } | { next: 'totp' };

/** Signs in, forgets whatever the previous user had cached, and says where to go (GET /api/me). */
export async function signInAndResolveHome(queryClient: QueryClient, email: string, password: string): Promise<SignInOutcome> {
  if ((await signIn(email, password)) === 'totp') return { next: 'totp' };
  return { next: 'home', home: await resolveHome(queryClient) };
}

/** The TOTP step of a sign-in; once it passes, the same landing as a sign-in without MFA. */
export async function confirmCodeAndResolveHome(queryClient: QueryClient, code: string) {
  await confirmSignInCode(code);
  return resolveHome(queryClient);
}

async function resolveHome(queryClient: QueryClient) {
  queryClient.removeQueries();
  return homeAfterLogin(await queryClient.fetchQuery(obtenerIdentidadQueryOptions()));
}

/** Spec §8: 'Sesión cerrada' and /auth, or 'Error' / 'No se pudo cerrar la sesión'. */
export async function signOutAndLeave(queryClient: QueryClient, navigate: (to: string) => Promise<void> | void) {
  try {
    await signOut();
  } catch (error) {
    console.error('signOut', error);
    toast.error(errorsTexts.genericTitle, authTexts.signOutError);
    return;
  }
  toast.success(authTexts.signedOutTitle, authTexts.signedOut);
  // Leave the guarded page first, so no guard reacts to the emptied cache.
  await navigate('/auth');
  queryClient.removeQueries();
}

let terminando = false;

/**
 * The API refused the session (revoked or expired): forget the tokens, say why and go to /auth.
 * Several requests refused at once end it once.
 */
export async function terminarSesion(queryClient: QueryClient, navigate: (to: string) => Promise<void> | void, mensaje: string) {
  if (terminando) return;
  terminando = true;
  try {
    await signOut().catch((error: unknown) => console.error('signOut', error));
    toast.error(authTexts.sesionTerminadaTitulo, mensaje);
    // the public pages stay where they are; a guarded page goes to sign-in
    const publica = ['/', '/auth', '/restablecer-contrasena'].includes(window.location.pathname);
    if (!publica) await navigate('/auth');
    queryClient.removeQueries();
  } finally {
    terminando = false;
  }
}

/** Where staff enrol their authenticator app; `mfa=requerida` makes the card say why they are there. */
export const RUTA_MFA_REQUERIDA = '/configuracion?tab=seguridad&mfa=requerida';

let yendoAMfa = false;

/**
 * Whether a refusal may renew the session: not when /api/me said this session needs no MFA (the
 * local stack, where MFA is optional and tokens never carry the claim: its e2e plays the refusal),
 * since the server's answer for the token is already known.
 */
function puedeRenovar(queryClient: QueryClient): boolean {
  const identidad = queryClient.getQueryData<Identity>(identidadQueryKey);
  return identidad?.status !== 'signed-in' || identidad.me.mfa_requerida !== false;
}

/**
 * A staff call answered 403 MFA_REQUERIDA (staff MFA is required and this account's token does not
 * say an authenticator app is enrolled). A token without the claim at all (issued before the
 * trigger existed) is renewed once first: when the new one says TOTP, what was refused loads again
 * and the user stays (as when the session was already renewed and the call carried the old token).
 * Otherwise: say so and go to Configuración → Seguridad. Several calls refused at once, or more
 * refusals once there (the header's own staff calls), neither repeat the toast nor navigate again.
 */
export async function exigirMfa(
  queryClient: QueryClient,
  navigate: (to: string) => Promise<void> | void,
  mensaje: string,
  aqui: { pathname: string; search: string } = window.location,
) {
  if (yendoAMfa) return;
  yendoAMfa = true;
  try {
    // renewed now, or earlier by another refusal (this call went out with the old token): the
    // server agrees with a token that says TOTP, so what was refused is asked again
    if ((puedeRenovar(queryClient) && (await renovarSesionSinClaimMfa())) || claimMfaDe(await getIdToken()) === 'totp') {
      // the refused call hears of it before it throws: let it settle, or its query is not asked again
      await new Promise((listo) => setTimeout(listo, 0));
      await queryClient.invalidateQueries();
      return;
    }
    const { pathname, search } = aqui;
    if (pathname === '/configuracion' && new URLSearchParams(search).get('mfa') === 'requerida') return;
    toast.error(mfaTexts.requeridaTitulo, mensaje);
    await navigate(RUTA_MFA_REQUERIDA);
  } finally {
    yendoAMfa = false;
  }
}
