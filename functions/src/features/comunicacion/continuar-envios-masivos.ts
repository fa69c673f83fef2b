import { logger } from '#commons/logger';
import { conObservabilidad } from '#commons/observabilidad';
import { continuar, enviosEstancados, PRESUPUESTO_JOB_MS, retomar } from './push-masivo';

/**
 * Scheduled (JOBS 'continuar-envios-masivos', every minute): mass pushes whose lease expired (the
 * request that held them timed out, crashed, or handed the send back and was not called again) are
 * taken over and written on from their cursor. Found by key on gsi3, never scanned.
 */
export const handler = conObservabilidad(
  'continuar-envios-masivos',
  async (): Promise<{ continuados: number; terminados: number }> => {
    const limite = Date.now() + PRESUPUESTO_JOB_MS;
    let continuados = 0;
    let terminados = 0;
    for (const item of await enviosEstancados(new Date())) {
      if (Date.now() >= limite) break;
      const tomado = await retomar(item);
      if (!tomado) continue;
      continuados++;
      if (!(await continuar(tomado, { limite })).en_curso) terminados++;
    }
    if (continuados) logger.info('envíos masivos continuados', { continuados, terminados });
    return { continuados, terminados };
  },
);
