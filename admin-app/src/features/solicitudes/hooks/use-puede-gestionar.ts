import { getAuthBridge } from '@cuota/shared/web';
import { useQuery } from '@tanstack/react-query';

/** admin and analista may create and act on solicitudes (the server refuses everyone else anyway). */
export function usePuedeGestionar(): boolean {
  const { data } = useQuery({ queryKey: ['me'], queryFn: () => getAuthBridge().me(), staleTime: 5 * 60_000 });
  return Boolean(data?.roles.some((rol) => rol === 'admin' || rol === 'analista'));
}
