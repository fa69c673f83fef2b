import { defineRoute, Reply } from '#commons/http';
import { rutaEnviarNotificacionesMasivas } from './routes';
import { claveIdempotencia } from '#commons/idempotencia';
import { enviarNotificacionesMasivas } from './push-masivo';

/** 200 with the count once the send is finished; 202 with the count so far while it goes on. */
export const handler = defineRoute(rutaEnviarNotificacionesMasivas, async ({ body, caller, headers }) => {
  const r = await enviarNotificacionesMasivas(body, caller, { clave: claveIdempotencia(headers) });
  return new Reply(
    r.en_curso ? 202 : 200,
    r.en_curso ? { enviadas: r.enviadas, en_curso: true } : { enviadas: r.enviadas },
    r.repetida ? { 'idempotent-replayed': 'true' } : {},
  );
});
