import { usuarioSchema } from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usuariosQueryKey } from './listar-usuarios';

/** DELETE /api/usuarios/{id}/roles: removes every role; the profile stays listed (admin). */
export function eliminarRoles(id: string) {
  return api.delete(`/api/usuarios/${encodeURIComponent(id)}/roles`, { schema: usuarioSchema });
}

export function useEliminarRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eliminarRoles,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usuariosQueryKey }),
  });
}
