import { exigeMfa } from '#commons/auth';
import { defineRoute } from '#commons/http';
import { rutaObtenerMe } from './routes';
import { clienteDeUsuario } from '#features/clientes/index';
import { obtenerPerfil } from '#features/perfil/index';

/**
 * Identity for the route guards: roles from the token's groups, names from the profile or client
 * record, and whether this session still lacks the authenticator app staff MFA requires.
 */
export const handler = defineRoute(rutaObtenerMe, async ({ caller }) => {
  const [perfil, cliente] = await Promise.all([
    caller.isStaff ? obtenerPerfil(caller.userId) : null,
    clienteDeUsuario(caller.userId),
  ]);
  return {
    userId: caller.userId,
    email: caller.email,
    nombre: perfil?.nombre ?? cliente?.nombre ?? caller.nombre,
    apellido: perfil?.apellido ?? cliente?.apellido ?? caller.apellido,
    roles: caller.roles,
    cliente,
    mfa_requerida: exigeMfa(caller.roles, caller.mfa),
  };
});
