import { meSchema } from '@cuota/shared/schemas/me';
import { api, isApiError } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Identity } from '../lib/guard';
import { getIdToken, renovarSesionSinClaimMfa } from '../lib/session';

/**
 * GET /api/me behind the session check: the guards, the header and the auth bridge read it. Its
 * `mfa_requerida` holds back the header's live notifications until TOTP is on.
 */
export async function obtenerIdentidad(): Promise<Identity> {
  if (!(await getIdToken())) return { status: 'signed-out' };
  try {
    const me = await api.get('/api/me', { schema: meSchema });
    // staff MFA required of a token from before the claim existed: renewed once, then asked again
    if (me.mfa_requerida && (await renovarSesionSinClaimMfa())) {
      return { status: 'signed-in', me: await api.get('/api/me', { schema: meSchema }) };
    }
    return { status: 'signed-in', me };
  } catch (error) {
    if (isApiError(error) && error.status === 401) return { status: 'signed-out' };
    // Spec §8: a failed role check is logged and the user is treated as a non-admin.
    console.error('No se pudo verificar el usuario (GET /api/me)', error);
    return { status: 'unverified' };
  }
}

export const identidadQueryKey = ['auth', 'identity'] as const;

export function obtenerIdentidadQueryOptions() {
  return queryOptions({ queryKey: identidadQueryKey, queryFn: obtenerIdentidad, staleTime: 5 * 60_000, retry: false });
}

export function useObtenerIdentidad() {
  return useQuery(obtenerIdentidadQueryOptions());
}
