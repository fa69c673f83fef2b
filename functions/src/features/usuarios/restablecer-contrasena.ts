import { defineRoute } from '#commons/http';
import { resetPassword } from './store';

export const handler = defineRoute('restablecer-contrasena-usuario', async ({ params, caller }) => resetPassword(params.id, caller));
