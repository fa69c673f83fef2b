import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#commons/db';
import { escribirTransaccion, put } from '#commons/transaccion';
import { conexionPorId, conexionPorUsuario, itemsConexion, PARTICION_CONEXIONES, PREFIJO_CONEXION } from '#entities/conexion';
import { particionUsuario } from '#entities/notificacion';

/** Connection registry: one item per connection under the user, one by connection id. */
export const CONNECTION_TTL_SECONDS = 2 * 60 * 60;

const byUser = conexionPorUsuario;
const byId = conexionPorId;

export async function guardarConexion(userId: string, connectionId: string, now = new Date()): Promise<void> {
  const expira = Math.floor(now.getTime() / 1000) + CONNECTION_TTL_SECONDS;
  const expiraIso = new Date(expira * 1000).toISOString();
  await escribirTransaccion(itemsConexion(userId, connectionId, expira, expiraIso).map((Item) => put(Item)));
}

export async function quitarConexion(connectionId: string, userId?: string): Promise<void> {
  let owner = userId;
  if (!owner) {
    const found = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk = :sk',
        ExpressionAttributeValues: { ':pk': byId(connectionId).pk, ':sk': byId(connectionId).sk },
      }),
    );
    owner = found.Items?.[0]?.user_id as string | undefined;
  }
  await ddb.send(new DeleteCommand({ TableName: tableName(), Key: byId(connectionId) }));
  if (owner) await ddb.send(new DeleteCommand({ TableName: tableName(), Key: byUser(owner, connectionId) }));
}

export async function conexionesDe(userId: string): Promise<string[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': particionUsuario(userId), ':sk': PREFIJO_CONEXION },
      ProjectionExpression: 'connection_id',
    }),
  );
  return (out.Items ?? []).map((i) => i.connection_id as string);
}

/** Connections whose expiry passed, oldest first (bounded page). */
export async function conexionesVencidas(now = new Date(), limit = 100): Promise<{ connectionId: string; userId: string }[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :now',
      ExpressionAttributeValues: { ':pk': PARTICION_CONEXIONES, ':now': now.toISOString() },
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((i) => ({ connectionId: i.connection_id as string, userId: i.user_id as string }));
}
