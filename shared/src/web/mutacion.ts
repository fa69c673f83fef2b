import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation after which the queries under `queryKey` are read again: after a success, or with
 * `cuando: 'siempre'` after any answer (an action the server refused may still have moved the
 * record on). The mutation stays pending until that refetch has finished — unless `esperar` is
 * false: then the caller's own onSuccess (a toast, closing its dialog) runs first, which it must
 * when the fresh data removes the component that started the mutation (a row's action button).
 */
export function useMutacionQueRefresca<TDatos, TEntrada>(
  mutationFn: (entrada: TEntrada) => Promise<TDatos>,
  queryKey: QueryKey,
  cuando: 'exito' | 'siempre' = 'exito',
  { esperar = true }: { esperar?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const refrescar = () => {
    const refresco = queryClient.invalidateQueries({ queryKey });
    return esperar ? refresco : undefined;
  };
  return useMutation({ mutationFn, ...(cuando === 'exito' ? { onSuccess: refrescar } : { onSettled: refrescar }) });
}
