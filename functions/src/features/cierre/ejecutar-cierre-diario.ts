import { logger } from '#commons/logger';
import { fechaHoy } from './cartera';
import { ejecutarCierres } from './store';

/**
 * Scheduled (JOBS 'cierre-diario', hourly): closes every business date not closed yet up to
 * today in the `timezone` setting. Running it again, or twice at once, adds nothing.
 */
export const handler = async (): Promise<{ fechas: Awaited<ReturnType<typeof ejecutarCierres>> }> => {
  const fechas = await ejecutarCierres(await fechaHoy());
  logger.info('cierre diario programado', { fechas: fechas.map((f) => `${f.fecha}:${f.estado}`) });
  return { fechas };
};
