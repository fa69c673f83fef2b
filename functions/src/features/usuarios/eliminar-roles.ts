import { defineRoute } from '#commons/http';
import { rutaEliminarRolesUsuario } from './routes';
import { eliminarRoles } from './store';

export const handler = defineRoute(rutaEliminarRolesUsuario, async ({ params, caller }) => eliminarRoles(params.id, caller));
