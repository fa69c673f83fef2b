import { logger } from '#commons/logger';
import { conObservabilidad } from '#commons/observabilidad';
import { conexionesVencidas, quitarConexion } from './connections';

/** Scheduled: removes connections past their expiry (a safety net beside TTL, which DynamoDB Local lacks). */
export const handler = conObservabilidad('limpiar-conexiones', async (): Promise<{ removed: number }> => {
  let removed = 0;
  for (;;) {
    const batch = await conexionesVencidas();
    if (batch.length === 0) break;
    for (const c of batch) await quitarConexion(c.connectionId, c.userId);
    removed += batch.length;
  }
  logger.info('conexiones expiradas eliminadas', { removed });
  return { removed };
});
