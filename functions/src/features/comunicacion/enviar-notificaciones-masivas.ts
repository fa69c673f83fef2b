import { defineRoute } from '#commons/http';
import { enviarNotificacionesMasivas } from './store';

export const handler = defineRoute('enviar-notificaciones-masivas', async ({ body, caller }) => ({
  enviadas: await enviarNotificacionesMasivas(body, caller),
}));
