import { usuarioSchema, type UsuarioCrear } from '@cuota/shared';
import { api } from '@cuota/shared/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usuariosQueryKey } from './listar-usuarios';

/** POST /api/usuarios (admin). The server validates again with the same schema. */
export function crearUsuario(input: UsuarioCrear) {
  return api.post('/api/usuarios', input, { schema: usuarioSchema });
}

export function useCrearUsuario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: crearUsuario,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usuariosQueryKey }),
  });
}
