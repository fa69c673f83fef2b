import type { Campana } from '@cuota/shared';
import { byDate, ENTITY, type TableItem } from './comun';

/** Email campaigns: listed newest first on gsi1; while enviando, on gsi3 by lease expiry (stale ones are resumed). */
export const claveCampana = (id: string) => ({ pk: `CAMPANA#${id}`, sk: 'CAMPANA' });
export const particionCampanas = () => 'CAMPANAS';
export const particionCampanasEnviando = () => 'CAMPANAS#ENVIANDO';

/** iniciado_en / completado_en are absent until set (the send sets them with if_not_exists). */
export const itemCampana = (c: Campana): TableItem => ({
  ...claveCampana(c.id),
  tipo: ENTITY.campana,
  gsi1pk: particionCampanas(),
  gsi1sk: byDate(c.created_at, c.id),
  ...Object.fromEntries(Object.entries(c).filter(([, v]) => v !== null)),
});
