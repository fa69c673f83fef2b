import { byDate, ENTITY, type TableItem } from './comun';

/** A staff user's profile, listed newest first on gsi1 PERFILES. */
export const clavePerfil = (userId: string) => ({ pk: `USUARIO#${userId}`, sk: 'PERFIL' });
export const particionPerfiles = () => 'PERFILES';

export const itemPerfil = <P extends { id: string; created_at: string }>(p: P): TableItem => ({
  ...clavePerfil(p.id),
  tipo: ENTITY.perfil,
  gsi1pk: particionPerfiles(),
  gsi1sk: byDate(p.created_at, p.id),
  ...p,
});
