import type { Context } from 'aws-lambda';
import { logger } from '#commons/logger';
import { indexarActividad, type IndexadoActividad } from './store';

/** Time left to the Lambda's timeout that a run keeps free: it stops between pages of entries. */
const MARGEN_MS = 60_000;
/** Entries one run reviews when the input names no `limit`. */
const LIMITE_POR_DEFECTO = 50_000;

type Entrada = { cursor?: unknown; limit?: unknown; detail?: { cursor?: unknown; limit?: unknown } } | null | undefined;

/**
 * On demand (JOBS 'indexar-actividad', no schedule; locally `POST /jobs/indexar-actividad` on the
 * control port): gives activity entries written before the feed could filter by kind and by user
 * their views, so 'Solo pagos' or a person's activity include them. Runs in slices of `limit`
 * entries, or until the time left nears the Lambda's timeout, and returns `nextCursor`, given back
 * as `cursor` to go on; running it again changes nothing.
 */
export const handler = async (
  event?: Entrada,
  context?: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<IndexadoActividad> => {
  const entrada = event?.detail ?? event ?? {};
  const cursor = typeof entrada.cursor === 'string' && entrada.cursor ? entrada.cursor : null;
  const limit =
    typeof entrada.limit === 'number' && Number.isInteger(entrada.limit) && entrada.limit > 0
      ? entrada.limit
      : LIMITE_POR_DEFECTO;
  const presupuestoMs = context ? Math.max(0, context.getRemainingTimeInMillis() - MARGEN_MS) : undefined;
  const r = await indexarActividad({ cursor, limit, presupuestoMs });
  logger.info('actividad indexada', { ...r });
  return r;
};
