import { usuarioOkSchema } from '@cuota/shared/schemas/usuarios';
import { api } from '@cuota/shared/web';
import { useMutation } from '@tanstack/react-query';

/** POST /api/usuarios/{id}/restablecer-contrasena: Cognito sends the reset email (admin). */
export function restablecerContrasena(id: string) {
  return api.post(`/api/usuarios/${encodeURIComponent(id)}/restablecer-contrasena`, undefined, { schema: usuarioOkSchema });
}

export function useRestablecerContrasena() {
  return useMutation({ mutationFn: restablecerContrasena });
}
