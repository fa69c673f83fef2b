import { byDate, ENTITY, stripKeys, type Entity, type TableItem } from './comun';

export const PREFIJO_NOTIFICACION = 'NOTIFICACION#';
export const claveNotificacion = (userId: string, createdAt: string, id: string) => ({
  pk: `USUARIO#${userId}`,
  sk: `${PREFIJO_NOTIFICACION}${byDate(createdAt, id)}`,
});
/** A user's partition (its profile, client link, notifications and unread counter). */
export const particionUsuario = (userId: string) => `USUARIO#${userId}`;
/** A notification found by id alone (sparse gsi1 partition of one item). */
export const notificacionPorId = (id: string) => `NOTIFICACION#${id}`;

/** The spec's notification type is stored as `tipo_notificacion` (`tipo` is the entity type). */
export const itemNotificacion = (n: Entity & { user_id: string }): TableItem => ({
  ...stripKeys(n),
  ...claveNotificacion(n.user_id, n.created_at, n.id),
  tipo: ENTITY.notificacion,
  gsi1pk: notificacionPorId(n.id),
  gsi1sk: 'NOTIFICACION',
});
