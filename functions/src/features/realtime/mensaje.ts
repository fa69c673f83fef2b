import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { conObservabilidad } from '#commons/observabilidad';

/** $default: the channel is server → client only; a client message gets a pong so clients can keep alive. */
export const handler = conObservabilidad(
  'ws-default',
  async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
    const isPing = typeof event.body === 'string' && event.body.includes('ping');
    return { statusCode: 200, body: JSON.stringify({ type: isPing ? 'pong' : 'ignorado' }) };
  },
);
