import { usuarioSchema } from '@cuota/shared/schemas/usuarios';
import { api, useMutacionQueRefresca } from '@cuota/shared/web';
import { usuariosQueryKey } from './listar-usuarios';

/** DELETE /api/usuarios/{id}/roles: removes every role; the profile stays listed (admin). */
export function eliminarRoles(id: string) {
  return api.delete(`/api/usuarios/${encodeURIComponent(id)}/roles`, { schema: usuarioSchema });
}

export function useEliminarRoles() {
  return useMutacionQueRefresca(eliminarRoles, usuariosQueryKey);
}
