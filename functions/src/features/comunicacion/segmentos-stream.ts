import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { SEGMENTOS_CLIENTE_PREFIX } from '#commons/keys';
import { logger } from '#commons/logger';
import { conObservabilidad } from '#commons/observabilidad';
import { cambiosMembresia, type CambioMembresia } from './domain';
import { aplicarCambiosMembresia } from './service';

type Imagen = Record<string, AttributeValue>;

/** The membership changes one stream record of a per-client segment aggregate asks for. */
export function cambiosDeRegistro(registro: DynamoDBStreamEvent['Records'][number]): CambioMembresia[] {
  const pk = (registro.dynamodb?.Keys as Imagen | undefined)?.pk?.S;
  if (!pk?.startsWith(SEGMENTOS_CLIENTE_PREFIX)) return [];
  const clienteId = pk.slice(SEGMENTOS_CLIENTE_PREFIX.length);
  const img = (i: unknown) => (i ? unmarshall(i as Imagen) : null);
  return cambiosMembresia(
    clienteId,
    img(registro.dynamodb?.OldImage),
    registro.eventName === 'REMOVE' ? null : img(registro.dynamodb?.NewImage),
  );
}

/**
 * DynamoDB Streams consumer (filtered to AGG#SEGCLI# items on AWS): keeps the segment membership
 * items (SEGMENTO#todos|activos|morosos → CLIENTE#id) and their counters in step with each
 * client's segment aggregate, which the aggregates consumer maintains exactly once from the
 * client and credit changes. Records of one item arrive in order, and every write is conditional,
 * so a redelivered batch changes nothing twice. An error fails the batch for a retry.
 */
export const handler = conObservabilidad('segmentos', async (event: DynamoDBStreamEvent): Promise<void> => {
  const cambios = event.Records.flatMap(cambiosDeRegistro);
  if (cambios.length === 0) return;
  const aplicados = await aplicarCambiosMembresia(cambios);
  logger.debug('segmentos actualizados', { cambios: cambios.length, aplicados });
});
