import type { StaffRole } from '@cuota/shared';
import { getAuthBridge } from '@cuota/shared/web';
import { useQuery } from '@tanstack/react-query';

/** Whether the current user has one of `roles` (GET /api/me via the shell; the server refuses anyway). */
export function useTieneRol(...roles: StaffRole[]): boolean {
  const { data } = useQuery({ queryKey: ['me'], queryFn: () => getAuthBridge().me(), staleTime: 5 * 60_000 });
  return Boolean(data?.roles.some((rol) => roles.includes(rol)));
}
