import { defineRoute } from '#commons/http';
import { listarNotificaciones } from './store';

export const handler = defineRoute('listar-notificaciones', async ({ caller, query }) => listarNotificaciones(caller.userId, query));
