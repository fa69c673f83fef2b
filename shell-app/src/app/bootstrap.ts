import { TEXTS } from '@cuota/shared';
import { loadConfig, registerAuthBridge } from '@cuota/shared/web';
import { getIdToken, obtenerIdentidadQueryOptions, signOutAndLeave, terminarSesion } from '../features/auth';
import { registerAppRemotes } from '../features/remotes';
import { queryClient } from '../lib/query-client';
import { createAppRouter, type AppRouter } from './router';

/** Before the first render: runtime config, the remotes' URLs, the router, and the auth bridge the remotes use. */
export async function bootstrap(): Promise<AppRouter> {
  const config = await loadConfig();
  registerAppRemotes(config);
  const router = createAppRouter();
  registerAuthBridge({
    getIdToken,
    signOut: () => signOutAndLeave(queryClient, (to) => router.navigate(to)),
    sesionTerminada: (mensaje) => void terminarSesion(queryClient, (to) => router.navigate(to), mensaje),
    me: async () => {
      const identity = await queryClient.fetchQuery(obtenerIdentidadQueryOptions());
      if (identity.status === 'unverified') throw new Error(TEXTS.errors.internal);
      return identity.status === 'signed-in' ? identity.me : null;
    },
  });
  return router;
}
