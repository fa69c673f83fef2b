import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { conObservabilidad } from '#commons/observabilidad';
import { quitarConexion } from './connections';

export const handler = conObservabilidad(
  'ws-disconnect',
  async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
    await quitarConexion(event.requestContext.connectionId);
    return { statusCode: 200, body: 'ok' };
  },
);
