import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { ENTITY } from '#commons/keys';
import { logger } from '#commons/logger';
import { notificacionDeItem } from '#entities/notificacion';
import { conObservabilidad, instrumentar } from '#commons/observabilidad';
import { conexionesDe, quitarConexion } from './connections';

const client = instrumentar(new ApiGatewayManagementApiClient({ endpoint: process.env.WS_CALLBACK_URL }));

/**
 * Stream consumer: each notification inserted (after commit) is pushed to every open
 * connection of its user. A gone connection is removed from the registry.
 */
export const handler = conObservabilidad('push-notificaciones', async (event: DynamoDBStreamEvent): Promise<void> => {
  for (const record of event.Records) {
    if (record.eventName !== 'INSERT' || !record.dynamodb?.NewImage) continue;
    const item = unmarshall(record.dynamodb.NewImage as Record<string, AttributeValue>);
    if (item.tipo !== ENTITY.notificacion || typeof item.user_id !== 'string') continue;
    // The same shape as GET /api/notificaciones (api.md), not the stored item.
    const data = Buffer.from(JSON.stringify({ type: 'notificacion', data: notificacionDeItem(item) }));
    for (const connectionId of await conexionesDe(item.user_id)) {
      try {
        await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
      } catch (error) {
        if (error instanceof GoneException || (error as { name?: string }).name === 'GoneException') {
          await quitarConexion(connectionId, item.user_id);
        } else {
          logger.error('push fallido', { connectionId, error: (error as Error).message });
        }
      }
    }
  }
});
