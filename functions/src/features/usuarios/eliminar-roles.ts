import { defineRoute } from '#commons/http';
import { rutaEliminarRolesUsuario } from './routes';
import { removeRoles } from './store';

export const handler = defineRoute(rutaEliminarRolesUsuario, async ({ params, caller }) => removeRoles(params.id, caller));
