import { getAuthBridge } from '@cuota/shared/web';
import { useQuery } from '@tanstack/react-query';

/**
 * Whether the caller is an admin: only admins run the daily close (the server refuses everyone
 * else anyway). `undefined` while /api/me is loading.
 */
export function useEsAdmin(): boolean | undefined {
  const { data, isPending } = useQuery({ queryKey: ['me'], queryFn: () => getAuthBridge().me(), staleTime: 5 * 60_000 });
  if (isPending) return undefined;
  return Boolean(data?.roles.includes('admin'));
}
