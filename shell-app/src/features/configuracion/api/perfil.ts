import { perfilSchema, type PerfilActualizarInput } from '@cuota/shared/schemas/perfil';
import { api } from '@cuota/shared/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { identidadQueryKey } from '../../auth';

export const perfilQueryKey = ['perfil'] as const;

/** GET /api/perfil: the caller's own profile (404 when a customer has no client record). */
export function useObtenerPerfil() {
  return useQuery({
    queryKey: perfilQueryKey,
    queryFn: ({ signal }) => api.get('/api/perfil', { schema: perfilSchema, signal }),
    retry: false,
  });
}

/** PATCH /api/perfil; the header's name comes from /api/me, so that is refreshed too. */
export function useActualizarPerfil() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PerfilActualizarInput) => api.patch('/api/perfil', input, { schema: perfilSchema }),
    onSuccess: (perfil) => {
      queryClient.setQueryData(perfilQueryKey, perfil);
      return queryClient.invalidateQueries({ queryKey: identidadQueryKey });
    },
  });
}
