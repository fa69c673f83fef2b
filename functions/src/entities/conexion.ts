import { ENTITY, type TableItem } from './comun';

/** WebSocket connections: by user (to push to a user) and by id (to drop one), both with TTL. */
export const PARTICION_CONEXIONES = 'CONEXIONES';
export const conexionPorUsuario = (userId: string, connectionId: string) => ({
  pk: `USUARIO#${userId}`,
  sk: `CONEXION#${connectionId}`,
});
export const conexionPorId = (connectionId: string) => ({ pk: `CONEXION#${connectionId}`, sk: 'CONEXION' });
export const PREFIJO_CONEXION = 'CONEXION#';

export const itemsConexion = (
  userId: string,
  connectionId: string,
  expira: number,
  expiraIso: string,
): [TableItem, TableItem] => {
  const comun = { tipo: ENTITY.conexion, connection_id: connectionId, user_id: userId, expira_en: expira };
  return [
    { ...conexionPorUsuario(userId, connectionId), ...comun },
    { ...conexionPorId(connectionId), ...comun, gsi1pk: PARTICION_CONEXIONES, gsi1sk: `${expiraIso}#${connectionId}` },
  ];
};
