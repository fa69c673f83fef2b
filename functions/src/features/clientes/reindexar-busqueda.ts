import type { Context } from 'aws-lambda';
import { logger } from '#commons/logger';
import { reindexarBusqueda, type ReindexacionBusqueda } from './service';

/** Time left to the Lambda's timeout that a run keeps free: it stops between pages of clients. */
const MARGEN_MS = 60_000;
/** Clients one run reviews when the input names no `limit`. */
const LIMITE_POR_DEFECTO = 100_000;

type Entrada = { cursor?: unknown; limit?: unknown; detail?: { cursor?: unknown; limit?: unknown } } | null | undefined;

/**
 * On demand (JOBS 'reindexar-busqueda'; locally `POST /jobs/reindexar-busqueda` on the control
 * port): gives clients written before any part of a word was searchable their token index
 * (docs/architecture.md, "The search index"). Runs in slices like 'migrar-identidades': returns
 * `nextCursor`, given back as `cursor` to go on; null when every client was reviewed.
 */
export const handler = async (
  event?: Entrada,
  context?: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<ReindexacionBusqueda> => {
  const entrada = event?.detail ?? event ?? {};
  const cursor = typeof entrada.cursor === 'string' && entrada.cursor ? entrada.cursor : null;
  const limit =
    typeof entrada.limit === 'number' && Number.isInteger(entrada.limit) && entrada.limit > 0
      ? entrada.limit
      : LIMITE_POR_DEFECTO;
  const presupuestoMs = context ? Math.max(0, context.getRemainingTimeInMillis() - MARGEN_MS) : undefined;
  const r = await reindexarBusqueda({ cursor, limit, presupuestoMs });
  logger.info('índice de búsqueda de clientes al día', { ...r });
  return r;
};
