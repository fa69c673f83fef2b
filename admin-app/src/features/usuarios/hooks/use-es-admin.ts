import { getAuthBridge } from '@cuota/shared/web';
import { useQuery } from '@tanstack/react-query';

export interface Yo {
  /** Only admins manage users (the server refuses everyone else anyway). `undefined` while loading. */
  esAdmin: boolean | undefined;
  userId: string | null;
}

export function useEsAdmin(): Yo {
  const { data, isPending } = useQuery({ queryKey: ['me'], queryFn: () => getAuthBridge().me(), staleTime: 5 * 60_000 });
  if (isPending) return { esAdmin: undefined, userId: null };
  return { esAdmin: Boolean(data?.roles.includes('admin')), userId: data?.userId ?? null };
}
