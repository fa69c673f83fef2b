import { usuarioSchema, type UsuarioActualizar } from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usuariosQueryKey } from './listar-usuarios';

/** PATCH /api/usuarios/{id}: name, phone and role (admin). */
export function actualizarUsuario({ id, input }: { id: string; input: UsuarioActualizar }) {
  return api.patch(`/api/usuarios/${encodeURIComponent(id)}`, input, { schema: usuarioSchema });
}

export function useActualizarUsuario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actualizarUsuario,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usuariosQueryKey }),
  });
}
