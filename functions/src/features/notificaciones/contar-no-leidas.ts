import { defineRoute } from '#commons/http';
import { contarNoLeidas } from './store';

export const handler = defineRoute('contar-notificaciones-no-leidas', async ({ caller }) => ({ count: await contarNoLeidas(caller.userId) }));
