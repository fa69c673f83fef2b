import { defineRoute } from '#commons/http';
import { updateUsuario } from './store';

export const handler = defineRoute('actualizar-usuario', async ({ params, body, caller }) => updateUsuario(params.id, body, caller));
