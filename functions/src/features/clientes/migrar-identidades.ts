import type { Context } from 'aws-lambda';
import { logger } from '#commons/logger';
import { tramoDeTrabajo, type EntradaDeTramo } from '#commons/trabajo-por-tramos';
import { conObservabilidad } from '#commons/observabilidad';
import { migrarIdentidades, type MigracionIdentidades } from './service';

/** Clients one run reviews when the input names no `limit`. */
const LIMITE_POR_DEFECTO = 100_000;

/**
 * On demand (JOBS 'migrar-identidades', no schedule; locally `POST /jobs/migrar-identidades` on
 * the control port): stores canonical the identification numbers of clients created before they
 * were, each with the guard on its canonical number. Runs in slices: it stops before the Lambda's
 * time runs out (or after `limit` clients) and returns `nextCursor`, given back as `cursor` to go
 * on; null when every client was reviewed. Running it again changes nothing. A client whose
 * canonical number another client holds is left unchanged and reported in `colisiones` for staff.
 */
export const handler = conObservabilidad(
  'migrar-identidades',
  async (event?: EntradaDeTramo, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<MigracionIdentidades> => {
    const r = await migrarIdentidades(tramoDeTrabajo(event, context, LIMITE_POR_DEFECTO));
    for (const c of r.colisiones) logger.warn('identificación repetida: sin migrar, para revisión', { ...c });
    for (const c of r.invalidos) logger.warn('identificación sin número canónico: sin migrar', { ...c });
    logger.info('identidades migradas', { ...r, colisiones: r.colisiones.length, invalidos: r.invalidos.length });
    return r;
  },
);
