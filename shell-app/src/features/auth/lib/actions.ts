import { TEXTS } from '@cuota/shared';
import { toast } from '@cuota/shared/ui';
import type { QueryClient } from '@tanstack/react-query';
import { identityQueryOptions } from '../api/get-identity';
import { homeAfterLogin } from './guard';
import { signIn, signOut } from './session';

/** Signs in, forgets whatever the previous user had cached, and says where to go (GET /api/me). */
export async function signInAndResolveHome(queryClient: QueryClient, email: string, password: string) {
  await signIn(email, password);
  queryClient.removeQueries();
  return homeAfterLogin(await queryClient.fetchQuery(identityQueryOptions()));
}

/** Spec §8: 'Sesión cerrada' and /auth, or 'Error' / 'No se pudo cerrar la sesión'. */
export async function signOutAndLeave(queryClient: QueryClient, navigate: (to: string) => Promise<void> | void) {
  try {
    await signOut();
  } catch (error) {
    console.error('signOut', error);
    toast.error(TEXTS.errors.genericTitle, TEXTS.auth.signOutError);
    return;
  }
  toast.success(TEXTS.auth.signedOutTitle, TEXTS.auth.signedOut);
  // Leave the guarded page first, so no guard reacts to the emptied cache.
  await navigate('/auth');
  queryClient.removeQueries();
}
