import type { Context } from 'aws-lambda';
import { logger } from '#commons/logger';
import { migrarIdentidades, type MigracionIdentidades } from './service';

/** Time left to the Lambda's timeout that a run keeps free: it stops between pages of clients. */
const MARGEN_MS = 60_000;
/** Clients one run reviews when the input names no `limit`. */
const LIMITE_POR_DEFECTO = 100_000;

/** What a run is given: `{ cursor, limit }` as the Lambda's payload, or as an EventBridge-style `detail`. */
type Entrada = { cursor?: unknown; limit?: unknown; detail?: { cursor?: unknown; limit?: unknown } } | null | undefined;

/**
 * On demand (JOBS 'migrar-identidades', no schedule; locally `POST /jobs/migrar-identidades` on
 * the control port): stores canonical the identification numbers of clients created before they
 * were, each with the guard on its canonical number. Runs in slices: it stops before the Lambda's
 * time runs out (or after `limit` clients) and returns `nextCursor`, given back as `cursor` to go
 * on; null when every client was reviewed. Running it again changes nothing. A client whose
 * canonical number another client holds is left unchanged and reported in `colisiones` for staff.
 */
export const handler = async (
  event?: Entrada,
  context?: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<MigracionIdentidades> => {
  const entrada = event?.detail ?? event ?? {};
  const cursor = typeof entrada.cursor === 'string' && entrada.cursor ? entrada.cursor : null;
  const limit =
    typeof entrada.limit === 'number' && Number.isInteger(entrada.limit) && entrada.limit > 0
      ? entrada.limit
      : LIMITE_POR_DEFECTO;
  const presupuestoMs = context ? Math.max(0, context.getRemainingTimeInMillis() - MARGEN_MS) : undefined;
  const r = await migrarIdentidades({ cursor, limit, presupuestoMs });
  for (const c of r.colisiones) logger.warn('identificación repetida: sin migrar, para revisión', { ...c });
  for (const c of r.invalidos) logger.warn('identificación sin número canónico: sin migrar', { ...c });
  logger.info('identidades migradas', { ...r, colisiones: r.colisiones.length, invalidos: r.invalidos.length });
  return r;
};
