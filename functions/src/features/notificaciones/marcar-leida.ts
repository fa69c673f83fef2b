import { defineRoute } from '#commons/http';
import { marcarLeida } from './store';

export const handler = defineRoute('marcar-notificacion-leida', async ({ caller, params }) => marcarLeida(caller.userId, params.id));
