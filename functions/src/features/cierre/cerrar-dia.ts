import { cierreTexts } from '@cuota/shared/texts/cierre';
import { ValidationError } from '#commons/errors';
import { defineRoute } from '#commons/http';
import { rutaCerrarDia } from './routes';
import { fechaHoy } from './cartera';
import { ejecutarCierres } from './store';

/**
 * How long one request closes dates before answering with its progress: well inside the API's
 * 30 s integration limit (and the Lambda's own timeout); the admin's screen repeats the call
 * until nothing is pending.
 */
export const PRESUPUESTO_SOLICITUD_MS = 6_000;

/** POST /api/cierre-diario (admin): closes pending business dates up to `fecha` (default today), answers the progress. */
export const handler = defineRoute(rutaCerrarDia, async ({ body }) => {
  const hoy = await fechaHoy();
  const fecha = body.fecha ?? hoy;
  if (fecha > hoy) throw new ValidationError({ fecha: cierreTexts.fechaFutura });
  return { hasta: fecha, ...(await ejecutarCierres(fecha, { presupuestoMs: PRESUPUESTO_SOLICITUD_MS })) };
});
