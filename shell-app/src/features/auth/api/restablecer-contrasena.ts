import { okSchema, type ContrasenaRestablecer } from '@cuota/shared/schemas/perfil';
import { api } from '@cuota/shared/web';

/** POST /api/auth/restablecer-contrasena: the emailed code and the new password (16+ for admin accounts). */
export function restablecerContrasena(input: ContrasenaRestablecer) {
  return api.post('/api/auth/restablecer-contrasena', input, { schema: okSchema });
}
