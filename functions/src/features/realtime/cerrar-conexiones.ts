import { ApiGatewayManagementApiClient, DeleteConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { logger } from '#commons/logger';
import { conexionesDe, quitarConexion } from './connections';

let cliente: ApiGatewayManagementApiClient | undefined;

/** The `@connections` client, when this function is given the WebSocket API's callback URL. */
function gestion(): ApiGatewayManagementApiClient | null {
  const endpoint = process.env.WS_CALLBACK_URL;
  if (!endpoint) return null;
  cliente ??= new ApiGatewayManagementApiClient({ endpoint });
  return cliente;
}

/**
 * Ends a user's open WebSockets when their access is revoked (roles removed or changed): each
 * connection leaves the registry, so no push reaches it again, and is closed through the
 * `@connections` API where this function has its callback URL (a connection already gone is
 * fine; another failure is logged, the registry entry is removed all the same). A reconnect is
 * refused by $connect, which checks the same access item as every request.
 */
export async function cerrarConexionesDe(userId: string): Promise<number> {
  const conexiones = await conexionesDe(userId);
  const api = gestion();
  for (const connectionId of conexiones) {
    await quitarConexion(connectionId, userId);
    if (!api) continue;
    try {
      await api.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
    } catch (error) {
      if ((error as { name?: string }).name !== 'GoneException') {
        logger.warn('no se pudo cerrar la conexion', { connectionId, error: (error as Error).message });
      }
    }
  }
  return conexiones.length;
}
