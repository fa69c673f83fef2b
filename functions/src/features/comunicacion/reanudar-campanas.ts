import { logger } from '#commons/logger';
import { conObservabilidad } from '#commons/observabilidad';
import { redespachar } from './service';
import { campanasEstancadas } from './store';

/**
 * Scheduled (JOBS 'reanudar-campanas', every minute): campaigns in enviando whose sender lease
 * expired (the run died, was throttled, or its stream trigger was lost) get a new despacho, and the
 * stream starts a run that resumes them from their cursor. Found by key on gsi3, never scanned.
 */
export const handler = conObservabilidad('reanudar-campanas', async (): Promise<{ redespachadas: string[] }> => {
  const ahora = new Date();
  const redespachadas: string[] = [];
  for (const id of await campanasEstancadas(ahora)) {
    if (await redespachar(id, ahora)) redespachadas.push(id);
  }
  if (redespachadas.length) logger.info('campañas reanudadas', { redespachadas });
  return { redespachadas };
});
