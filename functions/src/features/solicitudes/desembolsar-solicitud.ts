import { solicitudesTexts } from '@cuota/shared/texts/solicitudes';
import { claveIdempotencia } from '#commons/idempotencia';
import { defineRoute, Reply } from '#commons/http';
import { rutaDesembolsarSolicitud } from './routes';
import { accion } from './accion';
import { desembolsarSolicitud } from './service';

/** The credit of an approved solicitud; the same Idempotency-Key answers with the first response. */
export const handler = defineRoute(rutaDesembolsarSolicitud, async ({ params, body, caller, headers }) => {
  const clave = claveIdempotencia(headers);
  let repetida = false;
  const res = await accion(solicitudesTexts.disbursed, async () => {
    const r = await desembolsarSolicitud(params.id, body, caller, clave);
    repetida = r.repetida;
    return r.respuesta;
  });
  return repetida ? new Reply(200, res, { 'idempotent-replayed': 'true' }) : res;
});
