import { ENTITY, type TableItem } from './comun';

/** Segment membership (todos, activos, morosos), kept by comunicacion/segmentos-stream: paged by key, never scanned. */
export const particionSegmento = (segmento: string) => `SEGMENTO#${segmento}`;
export const PREFIJO_MIEMBRO = 'CLIENTE#';
export const claveSegmentoMiembro = (segmento: string, clienteId: string) => ({
  pk: particionSegmento(segmento),
  sk: `${PREFIJO_MIEMBRO}${clienteId}`,
});

export const itemSegmentoMiembro = (segmento: string, clienteId: string, campos: Record<string, unknown> = {}): TableItem => ({
  ...claveSegmentoMiembro(segmento, clienteId),
  tipo: ENTITY.segmentoMiembro,
  cliente_id: clienteId,
  ...campos,
});
