import { defineRoute } from '#commons/http';
import { removeRoles } from './store';

export const handler = defineRoute('eliminar-roles-usuario', async ({ params, caller }) => removeRoles(params.id, caller));
