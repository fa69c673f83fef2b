import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation after which the queries under `queryKey` are read again: after a success, or with
 * `cuando: 'siempre'` after any answer (an action the server refused may still have moved the
 * record on). The mutation stays pending until that refetch has finished.
 */
export function useMutacionQueRefresca<TDatos, TEntrada>(
  mutationFn: (entrada: TEntrada) => Promise<TDatos>,
  queryKey: QueryKey,
  cuando: 'exito' | 'siempre' = 'exito',
) {
  const queryClient = useQueryClient();
  const refrescar = () => queryClient.invalidateQueries({ queryKey });
  return useMutation({ mutationFn, ...(cuando === 'exito' ? { onSuccess: refrescar } : { onSettled: refrescar }) });
}
