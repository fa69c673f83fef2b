/**
 * Everything a page with a session needs, in a chunk the landing never downloads: the runtime
 * config, TanStack Query, the toasts, the auth bridge the remotes use, and the route guards.
 * Loaded by the router for /auth, /restablecer-contrasena and every guarded page.
 */
import { errorEnEspanol } from '@cuota/shared/schemas/errores';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { Toaster } from '@cuota/shared/ui';
import { loadConfig, registerAuthBridge } from '@cuota/shared/web';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { config as configurarZod } from 'zod/mini';
import {
  exigirMfa,
  getIdToken,
  type GuardKind,
  obtenerIdentidadQueryOptions,
  RouteGuard,
  signOutAndLeave,
  terminarSesion,
} from '../features/auth';
import { precargarRemoto, registerAppRemotes } from '../features/remotes';
import { queryClient } from '../lib/query-client';
import { navegar } from './navegacion';

// A check without a message of its own answers in Spanish, in the shell and in the remotes (they share
// zod's core with the shell), as the API does: zod/mini carries no locale, so it would say "Invalid input".
configurarZod({ localeError: errorEnEspanol });

let preparada: Promise<void> | null = null;

/** Once per page: the runtime config, the remotes' URLs and the auth bridge (before the first session page renders). */
export function prepararSesion(): Promise<void> {
  preparada ??= loadConfig()
    .then((config) => {
      registerAppRemotes(config);
      registerAuthBridge({
        getIdToken,
        signOut: () => signOutAndLeave(queryClient, navegar),
        sesionTerminada: (mensaje) => void terminarSesion(queryClient, navegar, mensaje),
        mfaRequerida: (mensaje) => void exigirMfa(queryClient, navegar, mensaje),
        me: async () => {
          const identity = await queryClient.fetchQuery(obtenerIdentidadQueryOptions());
          if (identity.status === 'unverified') throw new Error(errorsTexts.internal);
          return identity.status === 'signed-in' ? identity.me : null;
        },
      });
    })
    .catch((error: unknown) => {
      preparada = null;
      throw error;
    });
  return preparada;
}

/** Whether this browser holds an Amplify session (its localStorage keys), without loading Amplify. */
export function haySesionGuardada(storage: Pick<Storage, 'length' | 'key'> = localStorage): boolean {
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser')) return true;
  }
  return false;
}

/** The remote a guarded path renders, to fetch its entry while /api/me is in flight. */
export function remotoDe(kind: GuardKind, pathname: string): 'admin' | 'portal' | null {
  if (kind === 'signed-in') return pathname.startsWith('/portal') ? 'portal' : null;
  return 'admin';
}

/**
 * The guard's loader: after the config, it starts GET /api/me (the guard reads the same query)
 * and, for a browser with a saved session, the remote's entry, so both run in parallel instead
 * of one after the other.
 */
export function cargadorDeGuardia(kind: GuardKind) {
  return async ({ request }: { request: Request }) => {
    await prepararSesion();
    void queryClient.prefetchQuery(obtenerIdentidadQueryOptions());
    const { pathname } = new URL(request.url);
    const remoto = remotoDe(kind, pathname);
    if (remoto && haySesionGuardada()) precargarRemoto(remoto, pathname);
    return null;
  };
}

/** The providers every session page renders inside (the remotes use the same query client). */
export function ConSesion() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <Toaster />
    </QueryClientProvider>
  );
}

export function Guardia({ kind }: { kind: GuardKind }) {
  return <RouteGuard kind={kind} />;
}
