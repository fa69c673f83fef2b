import { useQuery } from '@tanstack/react-query';
import type { StaffRole } from '../roles';
import { getAuthBridge } from './auth-bridge';

/** The staff pages' one query of the signed-in user (GET /api/me through the shell's bridge). */
export function useObtenerYo() {
  return useQuery({ queryKey: ['me'], queryFn: () => getAuthBridge().me(), staleTime: 5 * 60_000 });
}

/**
 * Whether the signed-in user has one of `roles`; false while /api/me loads. The pages only hide
 * or disable what the user may not do: the server refuses everyone else anyway.
 */
export function useTieneRol(...roles: StaffRole[]): boolean {
  const { data } = useObtenerYo();
  return Boolean(data?.roles.some((rol) => roles.includes(rol)));
}

/** Whether the signed-in user is an admin; `undefined` while /api/me loads (the page waits to decide). */
export function useEsAdmin(): boolean | undefined {
  const { data, isPending } = useObtenerYo();
  if (isPending) return undefined;
  return Boolean(data?.roles.includes('admin'));
}
