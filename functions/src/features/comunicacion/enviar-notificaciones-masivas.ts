import { defineRoute, Reply } from '#commons/http';
import { claveIdempotencia } from '#commons/idempotencia';
import { enviarNotificacionesMasivas } from './push-masivo';

export const handler = defineRoute('enviar-notificaciones-masivas', async ({ body, caller, headers }) => {
  const { enviadas, repetida } = await enviarNotificacionesMasivas(body, caller, { clave: claveIdempotencia(headers) });
  return new Reply(200, { enviadas }, repetida ? { 'idempotent-replayed': 'true' } : {});
});
