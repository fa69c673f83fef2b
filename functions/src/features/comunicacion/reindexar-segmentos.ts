import { logger } from '#commons/logger';
import { conObservabilidad } from '#commons/observabilidad';
import { reindexarSegmentos } from './service';

/**
 * Scheduled (JOBS 'reindexar-segmentos', every 10 minutes; the local stack also runs it at start):
 * data written before segments existed is fed to them once, so a deploy over an existing table
 * gets its segments within minutes without a manual step. After its marker exists, a run is one GetItem.
 */
export const handler = conObservabilidad(
  'reindexar-segmentos',
  async (): Promise<{ clientes: number; creditos: number } | null> => {
    const hecho = await reindexarSegmentos();
    if (hecho) logger.info('segmentos reindexados', hecho);
    return hecho;
  },
);
