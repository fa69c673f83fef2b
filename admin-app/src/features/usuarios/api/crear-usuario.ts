import { usuarioSchema, type UsuarioCrear } from '@cuota/shared/schemas/usuarios';
import { api, useMutacionQueRefresca } from '@cuota/shared/web';
import { usuariosQueryKey } from './listar-usuarios';

/** POST /api/usuarios (admin). The server validates again with the same schema. */
export function crearUsuario(input: UsuarioCrear) {
  return api.post('/api/usuarios', input, { schema: usuarioSchema });
}

export function useCrearUsuario() {
  return useMutacionQueRefresca(crearUsuario, usuariosQueryKey);
}
