import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { quitarConexion } from './connections';

export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
  await quitarConexion(event.requestContext.connectionId);
  return { statusCode: 200, body: 'ok' };
};
