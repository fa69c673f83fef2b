import type { Context } from 'aws-lambda';
import { logger } from '#commons/logger';
import { tramoDeTrabajo, type EntradaDeTramo } from '#commons/trabajo-por-tramos';
import { conObservabilidad } from '#commons/observabilidad';
import { indexarActividad, type IndexadoActividad } from './store';

/** Entries one run reviews when the input names no `limit`. */
const LIMITE_POR_DEFECTO = 50_000;

/**
 * On demand (JOBS 'indexar-actividad', no schedule; locally `POST /jobs/indexar-actividad` on the
 * control port): gives activity entries written before the feed could filter by kind and by user
 * their views, so 'Solo pagos' or a person's activity include them. Runs in slices of `limit`
 * entries, or until the time left nears the Lambda's timeout, and returns `nextCursor`, given back
 * as `cursor` to go on; running it again changes nothing.
 */
export const handler = conObservabilidad(
  'indexar-actividad',
  async (event?: EntradaDeTramo, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<IndexadoActividad> => {
    const r = await indexarActividad(tramoDeTrabajo(event, context, LIMITE_POR_DEFECTO));
    logger.info('actividad indexada', { ...r });
    return r;
  },
);
