import type { Context } from 'aws-lambda';
import { logger } from '#commons/logger';
import { fechaHoy } from './cartera';
import { ejecutarCierres, type EjecucionCierres } from './store';

/** Time left to the job's own timeout that a run keeps free: it stops between dates, never inside one. */
const MARGEN_MS = 60_000;

/**
 * Scheduled (JOBS 'cierre-diario', hourly): closes every business date not closed yet up to today
 * in the `timezone` setting, for as long as the Lambda's time allows; a longer gap continues on the
 * next run. Running it again, or twice at once, adds nothing.
 */
export const handler = async (
  _event?: unknown,
  context?: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<EjecucionCierres> => {
  const presupuestoMs = context ? Math.max(0, context.getRemainingTimeInMillis() - MARGEN_MS) : undefined;
  const r = await ejecutarCierres(await fechaHoy(), { presupuestoMs });
  logger.info('cierre diario programado', { fechas: r.fechas.map((f) => `${f.fecha}:${f.estado}`), pendientes: r.pendientes });
  return r;
};
