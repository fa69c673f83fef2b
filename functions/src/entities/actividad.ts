import { byDate, ENTITY, stripKeys, type Entity, type TableItem } from './comun';

/** The activity log: one partition, newest last by sort key. */
export const PARTICION_ACTIVIDAD = 'ACTIVIDAD';

export const itemActividad = (a: Entity): TableItem => ({
  ...stripKeys(a),
  pk: PARTICION_ACTIVIDAD,
  sk: byDate(a.created_at, a.id),
  tipo: ENTITY.actividad,
});
