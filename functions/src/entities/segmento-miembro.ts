import type { Segmento } from '@cuota/shared';
import { ENTITY, type Guardado, type TableItem } from './comun';

/** Segment membership (todos, activos, morosos), kept by comunicacion/segmentos-stream: paged by key, never scanned. */
export const particionSegmento = (segmento: string) => `SEGMENTO#${segmento}`;
export const PREFIJO_MIEMBRO = 'CLIENTE#';
export const claveSegmentoMiembro = (segmento: string, clienteId: string) => ({
  pk: particionSegmento(segmento),
  sk: `${PREFIJO_MIEMBRO}${clienteId}`,
});

export type SegmentoMiembroItem = Guardado<
  { segmento: Segmento; cliente_id: string; desde: string },
  typeof ENTITY.segmentoMiembro
>;

export const itemSegmentoMiembro = (segmento: string, clienteId: string, campos: Record<string, unknown> = {}): TableItem => ({
  ...claveSegmentoMiembro(segmento, clienteId),
  tipo: ENTITY.segmentoMiembro,
  cliente_id: clienteId,
  ...campos,
});

/** A member since `desde`. */
export const itemMiembro = (segmento: Segmento, clienteId: string, desde: Date): SegmentoMiembroItem & TableItem => ({
  ...claveSegmentoMiembro(segmento, clienteId),
  tipo: ENTITY.segmentoMiembro,
  segmento,
  cliente_id: clienteId,
  desde: desde.toISOString(),
});

/** The key a page of members starts after (`desde` = the sk of the last member seen). */
export const inicioPaginaSegmento = (segmento: Segmento, desde: string) => ({ pk: particionSegmento(segmento), sk: desde });
