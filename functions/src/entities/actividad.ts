import { byDate, ENTITY, stripKeys, type Entity, type TableItem } from './comun';

/**
 * The activity log: one partition (the whole feed, newest last by sort key), and three sparse
 * views of it on the indexes so the feed filters without reading what it leaves out:
 * - gsi1 ACTIVIDAD#TIPO#<tipo>: one kind ('Solo pagos').
 * - gsi2 ACTIVIDAD#OPERACIONES: every kind but sign-ins (the feed's default: sign-ins drowned the rest).
 * - gsi3 ACTIVIDAD#USUARIO#<user_id>: what one person did.
 * Entries written before these views existed have none of the index attributes: they stay in the
 * whole feed, and the job 'indexar-actividad' gives them their views (Query on the partition, idempotent).
 */
export const PARTICION_ACTIVIDAD = 'ACTIVIDAD';
/** The kind the default view leaves out. */
export const TIPO_INICIO_SESION = 'login';

export const particionActividadTipo = (tipo: string) => `${PARTICION_ACTIVIDAD}#TIPO#${tipo}`;
export const PARTICION_ACTIVIDAD_OPERACIONES = `${PARTICION_ACTIVIDAD}#OPERACIONES`;
export const particionActividadUsuario = (userId: string) => `${PARTICION_ACTIVIDAD}#USUARIO#${userId}`;

/** The index attributes of an entry: its kind's view, the operations view (not a sign-in) and its user's view. */
export function vistasDeActividad(a: Record<string, unknown>) {
  const sk = byDate(String(a.created_at), String(a.id));
  const tipo = String(a.tipo_actividad);
  return {
    gsi1pk: particionActividadTipo(tipo),
    gsi1sk: sk,
    ...(tipo === TIPO_INICIO_SESION ? {} : { gsi2pk: PARTICION_ACTIVIDAD_OPERACIONES, gsi2sk: sk }),
    ...(typeof a.user_id === 'string' && a.user_id ? { gsi3pk: particionActividadUsuario(a.user_id), gsi3sk: sk } : {}),
  };
}

export const itemActividad = (a: Entity): TableItem => ({
  ...stripKeys(a),
  pk: PARTICION_ACTIVIDAD,
  sk: byDate(a.created_at, a.id),
  ...vistasDeActividad(a),
  tipo: ENTITY.actividad,
});
