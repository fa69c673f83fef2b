import { getAuthBridge } from '@cuota/shared/web';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The signed-in user and their client record (GET /api/me, fetched and cached by the shell). */
export function meQueryOptions() {
  return queryOptions({ queryKey: ['portal', 'me'], queryFn: () => getAuthBridge().me() });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
