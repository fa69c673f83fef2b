import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { ENTITY } from '#commons/keys';
import { logger } from '#commons/logger';
import { conObservabilidad } from '#commons/observabilidad';
import { puertosDesdeEntorno, type PuertosEnvio } from './correo';
import { ejecutarEnvio } from './envio';

type Imagen = Record<string, AttributeValue>;

/** A campaign in enviando with a new despacho token (set by 'Enviar', a yielding run or the resume job). */
export function campanaADespachar(registro: DynamoDBStreamEvent['Records'][number]): string | null {
  if (registro.eventName !== 'INSERT' && registro.eventName !== 'MODIFY') return null;
  const nueva = registro.dynamodb?.NewImage as Imagen | undefined;
  if (nueva?.tipo?.S !== ENTITY.campana || nueva.estado?.S !== 'enviando' || !nueva.despacho?.S) return null;
  const vieja = registro.dynamodb?.OldImage as Imagen | undefined;
  if (vieja?.despacho?.S === nueva.despacho.S) return null;
  return String(unmarshall(nueva).id);
}

const entero = (v: string | undefined, defecto: number) => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : defecto;
};

/**
 * The campaign sender, started by the campaign item's stream record (filtered on AWS to campaign
 * items in enviando with a despacho token; its own event source mapping, batch size 1, 15-min
 * timeout). Sends within SES_ENVIOS_POR_SEGUNDO (default 14/s) and yields a minute before the
 * deadline; the stale-campaign job covers a run that dies. See envio.ts.
 *
 * `puertos` gives the adapters: the AWS ones in the Lambda; the local stack passes its own ledger
 * (infra/local/ses-libro.ts, wired by infra/local/handlers.ts).
 */
export const despacharCon =
  (puertosDe: () => PuertosEnvio) =>
  async (event: DynamoDBStreamEvent, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<void> => {
    const ids = [...new Set(event.Records.map(campanaADespachar).filter((id): id is string => id !== null))];
    if (ids.length === 0) return;
    const puertos = puertosDe();
    for (const id of ids) {
      const r = await ejecutarEnvio(id, {
        ...puertos,
        porSegundo: entero(process.env.SES_ENVIOS_POR_SEGUNDO, 14),
        leaseMs: entero(process.env.CAMPANA_LEASE_MS, 60_000),
        restanteMs: context?.getRemainingTimeInMillis ? () => context.getRemainingTimeInMillis() : undefined,
        margenMs: entero(process.env.CAMPANA_MARGEN_MS, 60_000),
      });
      logger.info('despacho de campaña', { campana: id, resultado: r.resultado });
    }
  };

/** The Lambda: the AWS adapters from the environment. */
export const handler = conObservabilidad('despachar-campanas', despacharCon(puertosDesdeEntorno));
