import { ENTITY, type TableItem } from './comun';

/** The link from a sign-in user to its client record (one per user). */
export const claveUsuarioCliente = (userId: string) => ({ pk: `USUARIO#${userId}`, sk: 'CLIENTE' });

export const itemUsuarioCliente = (userId: string, clienteId: string): TableItem => ({
  ...claveUsuarioCliente(userId),
  tipo: ENTITY.usuarioCliente,
  cliente_id: clienteId,
});
