import { getAuthBridge } from '@cuota/shared/web';
import { useQuery } from '@tanstack/react-query';

/** Only admins manage users (the server refuses everyone else anyway). `undefined` while loading. */
export function useEsAdmin(): boolean | undefined {
  const { data, isPending } = useQuery({ queryKey: ['me'], queryFn: () => getAuthBridge().me(), staleTime: 5 * 60_000 });
  if (isPending) return undefined;
  return Boolean(data?.roles.includes('admin'));
}
