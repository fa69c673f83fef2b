import type { Notificacion } from '@cuota/shared';
import { byDate, ENTITY, stripKeys, type Entity, type Guardado, type TableItem } from './comun';

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

/** A notification as stored (the spec's type as `tipo_notificacion`). */
export type NotificacionItem = Guardado<
  Omit<Notificacion, 'tipo'> & { tipo_notificacion: Notificacion['tipo'] },
  typeof ENTITY.notificacion
>;

/** The API shape of a stored notification. */
export function notificacionDeItem(item: Partial<NotificacionItem>): Notificacion {
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
