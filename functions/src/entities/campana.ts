import type { Campana, Segmento } from '@cuota/shared';
import { byDate, ENTITY, type Guardado, type TableItem } from './comun';

/** Email campaigns: listed newest first on gsi1; while enviando, on gsi3 by lease expiry (stale ones are resumed). */
export const claveCampana = (id: string) => ({ pk: `CAMPANA#${id}`, sk: 'CAMPANA' });
export const particionCampanas = () => 'CAMPANAS';
export const particionCampanasEnviando = () => 'CAMPANAS#ENVIANDO';

/** The sender's run state on the campaign item (comunicacion/envio.ts): lease, cursor, dispatch token. */
export interface EnvioEnCurso {
  lease_owner?: string;
  lease_hasta?: string;
  cursor_envio?: string;
  despacho?: string;
  error_envio?: string;
}

/** A campaign as stored: iniciado_en / completado_en are absent until set (the send sets them with if_not_exists). */
export type CampanaItem = Guardado<
  Omit<Campana, 'iniciado_en' | 'completado_en'> & { iniciado_en?: string; completado_en?: string } & EnvioEnCurso,
  typeof ENTITY.campana
>;

export const itemCampana = (c: Campana): TableItem => ({
  ...claveCampana(c.id),
  tipo: ENTITY.campana,
  gsi1pk: particionCampanas(),
  gsi1sk: byDate(c.created_at, c.id),
  ...Object.fromEntries(Object.entries(c).filter(([, v]) => v !== null)),
});

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const textoONull = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** The API shape of a stored campaign (missing counters read as 0, missing dates as null). */
export function campanaDeItem(item: Partial<CampanaItem>): Campana {
  return {
    id: String(item.id),
    nombre: String(item.nombre ?? ''),
    asunto: String(item.asunto ?? ''),
    mensaje_html: String(item.mensaje_html ?? ''),
    mensaje_texto: String(item.mensaje_texto ?? ''),
    segmento: (item.segmento as Segmento) ?? 'todos',
    enviado_por: String(item.enviado_por ?? ''),
    estado: item.estado ?? 'borrador',
    total_destinatarios: num(item.total_destinatarios),
    enviados: num(item.enviados),
    fallidos: num(item.fallidos),
    omitidos: num(item.omitidos),
    created_at: String(item.created_at),
    iniciado_en: textoONull(item.iniciado_en),
    completado_en: textoONull(item.completado_en),
  };
}
