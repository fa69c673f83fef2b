import { logger } from '#commons/logger';
import { instrumentar } from '#commons/observabilidad';
import { conexionesDe, quitarConexion } from './connections';

/** Closes one connection through the `@connections` API. */
type Cerrar = (connectionId: string) => Promise<unknown>;
let cerrar: Promise<Cerrar> | undefined;

/**
 * The `@connections` client, when this function is given the WebSocket API's callback URL. The
 * SDK package is loaded on first use, not at import: only revoking a user who has sockets open
 * needs it, and the user-management functions that bundle this module would otherwise load it
 * at every cold start.
 */
function gestion(): Promise<Cerrar> | null {
  const endpoint = process.env.WS_CALLBACK_URL;
  if (!endpoint) return null;
  cerrar ??= import('@aws-sdk/client-apigatewaymanagementapi').then(
    ({ ApiGatewayManagementApiClient, DeleteConnectionCommand }) => {
      const cliente = instrumentar(new ApiGatewayManagementApiClient({ endpoint }));
      return (connectionId) => cliente.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
    },
  );
  return cerrar;
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
  const api = conexiones.length > 0 ? await gestion() : null;
  for (const connectionId of conexiones) {
    await quitarConexion(connectionId, userId);
    if (!api) continue;
    try {
      await api(connectionId);
    } catch (error) {
      if ((error as { name?: string }).name !== 'GoneException') {
        logger.warn('no se pudo cerrar la conexion', { connectionId, error: (error as Error).message });
      }
    }
  }
  return conexiones.length;
}
