import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type Notificacion, type Page } from '@cuota/shared';
import { notificacionesTexts } from '@cuota/shared/texts/notificaciones';
import { ddb, tableName } from '#commons/db';
import { CondicionFallida, NotFoundError } from '#commons/errors';
import { paginaReciente } from '#commons/pagina';
import { actualizar, escribirUna } from '#commons/transaccion';
import { aggKeys } from '#entities/agregados';
import {
  notificacionDeItem,
  notificacionPorId,
  particionUsuario,
  PREFIJO_NOTIFICACION,
  type NotificacionItem,
} from '#entities/notificacion';

/** The API shape: the spec's type is stored as `tipo_notificacion` (`tipo` is the entity type). */
export const toNotificacion = notificacionDeItem;

/** The caller's notifications, newest first (their own partition, sk NOTIFICACION#created_at#id). */
export async function listarNotificaciones(
  userId: string,
  opts: { limit: number; cursor?: string },
): Promise<Page<Notificacion>> {
  return paginaReciente({ pk: particionUsuario(userId), prefijo: PREFIJO_NOTIFICACION }, opts, (item) =>
    notificacionDeItem(item as NotificacionItem),
  );
}

/** The unread counter kept by the aggregates stream consumer: one GetItem. */
export async function contarNoLeidas(userId: string): Promise<number> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: aggKeys.notificacionesNoLeidas(userId) }));
  return Math.max(0, Number(out.Item?.no_leidas ?? 0));
}

/** The notification with this id (its one-item gsi1 partition), as indexed. */
async function buscarNotificacion(id: string): Promise<NotificacionItem | undefined> {
  const found = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': notificacionPorId(id) },
      Limit: 1,
    }),
  );
  return found.Items?.[0] as NotificacionItem | undefined;
}

/**
 * Marks one of the caller's notifications read (leida true, leida_en now). The notification is
 * found by id on its one-item gsi1 partition; another user's id is answered like a missing one.
 * Conditional on still being unread, so a repeated call changes nothing and returns it as it is.
 */
export async function marcarLeida(userId: string, id: string, ahora = new Date()): Promise<Notificacion> {
  const indexed = await buscarNotificacion(id);
  if (!indexed || indexed.user_id !== userId) throw new NotFoundError(notificacionesTexts.notFound);
  const key = { pk: String(indexed.pk), sk: String(indexed.sk) };
  const leer = async () => (await ddb.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
  try {
    await escribirUna(
      actualizar(key, 'SET leida = :true, leida_en = :ahora', {
        condicion: 'user_id = :me AND leida <> :true',
        valores: { ':true': true, ':ahora': ahora.toISOString(), ':me': userId },
      }),
    );
  } catch (error) {
    if (!(error instanceof CondicionFallida)) throw error;
  }
  const actual = (await leer()) as NotificacionItem | undefined;
  if (!actual || actual.user_id !== userId) throw new NotFoundError(notificacionesTexts.notFound);
  return notificacionDeItem(actual);
}
