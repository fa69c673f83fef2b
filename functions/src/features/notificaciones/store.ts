import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type Notificacion, type Page } from '@cuota/shared';
import { notificacionesTexts } from '@cuota/shared/texts/notificaciones';
import { ddb, decodeCursor, encodeCursor, tableName } from '#commons/db';
import { NotFoundError } from '#commons/errors';
import { aggKeys, keys } from '#commons/keys';
import { particionUsuario, PREFIJO_NOTIFICACION } from '#entities/notificacion';

/** The API shape: the spec's type is stored as `tipo_notificacion` (`tipo` is the entity type). */
export function toNotificacion(item: Record<string, unknown>): Notificacion {
  return {
    id: String(item.id),
    user_id: String(item.user_id),
    tipo: typeof item.tipo_notificacion === 'string' ? item.tipo_notificacion : 'info',
    titulo: String(item.titulo ?? ''),
    mensaje: String(item.mensaje ?? ''),
    leida: item.leida === true,
    leida_en: typeof item.leida_en === 'string' ? item.leida_en : null,
    accion_url: typeof item.accion_url === 'string' ? item.accion_url : null,
    created_at: String(item.created_at),
  };
}

/** The caller's notifications, newest first (their own partition, sk NOTIFICACION#created_at#id). */
export async function listarNotificaciones(
  userId: string,
  opts: { limit: number; cursor?: string },
): Promise<Page<Notificacion>> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': particionUsuario(userId), ':p': PREFIJO_NOTIFICACION },
      ScanIndexForward: false,
      Limit: opts.limit,
      ExclusiveStartKey: decodeCursor(opts.cursor),
    }),
  );
  return { items: (out.Items ?? []).map(toNotificacion), nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

/** The unread counter kept by the aggregates stream consumer: one GetItem. */
export async function contarNoLeidas(userId: string): Promise<number> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: aggKeys.notificacionesNoLeidas(userId) }));
  return Math.max(0, Number(out.Item?.no_leidas ?? 0));
}

/**
 * Marks one of the caller's notifications read (leida true, leida_en now). The notification is
 * found by id on its one-item gsi1 partition; another user's id is answered like a missing one.
 * Conditional on still being unread, so a repeated call changes nothing and returns it as it is.
 */
export async function marcarLeida(userId: string, id: string, ahora = new Date()): Promise<Notificacion> {
  const found = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.notificacionPorId(id) },
      Limit: 1,
    }),
  );
  const indexed = found.Items?.[0];
  if (!indexed || indexed.user_id !== userId) throw new NotFoundError(notificacionesTexts.notFound);
  const key = { pk: String(indexed.pk), sk: String(indexed.sk) };
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET leida = :true, leida_en = :ahora',
        ConditionExpression: 'user_id = :me AND leida <> :true',
        ExpressionAttributeValues: { ':true': true, ':ahora': ahora.toISOString(), ':me': userId },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toNotificacion(out.Attributes ?? {});
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const current = await ddb.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
    if (!current.Item || current.Item.user_id !== userId) throw new NotFoundError(notificacionesTexts.notFound);
    return toNotificacion(current.Item);
  }
}
