import { usuarioSchema, type UsuarioActualizar } from '@cuota/shared/schemas/usuarios';
import { api, useMutacionQueRefresca } from '@cuota/shared/web';
import { usuariosQueryKey } from './listar-usuarios';

/** PATCH /api/usuarios/{id}: name, phone and role (admin). */
export function actualizarUsuario({ id, input }: { id: string; input: UsuarioActualizar }) {
  return api.patch(`/api/usuarios/${encodeURIComponent(id)}`, input, { schema: usuarioSchema });
}

export function useActualizarUsuario() {
  return useMutacionQueRefresca(actualizarUsuario, usuariosQueryKey);
}
