import type { Context } from 'aws-lambda';
import { logger } from '#commons/logger';
import { tramoDeTrabajo, type EntradaDeTramo } from '#commons/trabajo-por-tramos';
import { conObservabilidad } from '#commons/observabilidad';
import { reindexarBusqueda, type ReindexacionBusqueda } from './service';

/** Clients one run reviews when the input names no `limit`. */
const LIMITE_POR_DEFECTO = 100_000;

/**
 * On demand (JOBS 'reindexar-busqueda'; locally `POST /jobs/reindexar-busqueda` on the control
 * port): gives clients written before any part of a word was searchable their token index
 * (docs/architecture.md, "The search index"). Runs in slices like 'migrar-identidades': returns
 * `nextCursor`, given back as `cursor` to go on; null when every client was reviewed.
 */
export const handler = conObservabilidad(
  'reindexar-busqueda',
  async (event?: EntradaDeTramo, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<ReindexacionBusqueda> => {
    const r = await reindexarBusqueda(tramoDeTrabajo(event, context, LIMITE_POR_DEFECTO));
    logger.info('índice de búsqueda de clientes al día', { ...r });
    return r;
  },
);
