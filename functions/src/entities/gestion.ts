import type { Gestion, Promesa } from '@cuota/shared';
import { byDate, ENTITY, stripKeys, type TableItem } from './comun';

/**
 * A credit's collection work, in a partition of its own beside the credit's (so the engine's read
 * of a credit — cargarCredito reads the whole CREDITO# partition — does not grow with the contact
 * log): the contact log (GESTION#, newest first by sort key) and its payment promises (PROMESA#). The open promise is also summarised on
 * the credit item (`promesa_abierta`, see PromesaAbierta) so the daily close, which reads credits
 * by key, knows it without reading the partition.
 */
export const PREFIJO_GESTION = 'GESTION#';
export const PREFIJO_PROMESA = 'PROMESA#';

/** The partition of one credit's contact log and promises. */
export const particionCobroCredito = (creditoId: string) => `COBRO#${creditoId}`;

export const claveGestion = (creditoId: string, createdAt: string, id: string) => ({
  pk: particionCobroCredito(creditoId),
  sk: `${PREFIJO_GESTION}${byDate(createdAt, id)}`,
});
export const clavePromesa = (creditoId: string, createdAt: string, id: string) => ({
  pk: particionCobroCredito(creditoId),
  sk: `${PREFIJO_PROMESA}${byDate(createdAt, id)}`,
});

/** The contact's kind is stored as `tipo_gestion` (`tipo` is the entity type). */
export const itemGestion = ({ tipo, ...g }: Gestion): TableItem => ({
  ...g,
  tipo_gestion: tipo,
  ...claveGestion(g.credito_id, g.created_at, g.id),
  tipo: ENTITY.gestion,
});
export const itemPromesa = (p: Promesa): TableItem => ({
  ...p,
  ...clavePromesa(p.credito_id, p.created_at, p.id),
  tipo: ENTITY.promesa,
});

export function gestionDeItem(item: Record<string, unknown>): Gestion {
  const { tipo_gestion, ...g } = stripKeys(item) as unknown as Omit<Gestion, 'tipo'> & { tipo_gestion: Gestion['tipo'] };
  return { ...g, tipo: tipo_gestion, nota: g.nota ?? null, registrado_por_nombre: g.registrado_por_nombre ?? null };
}
export function promesaDeItem(item: Record<string, unknown>): Promesa {
  const p = stripKeys(item) as unknown as Promesa;
  return {
    ...p,
    pagado_centimos: p.pagado_centimos ?? null,
    resuelta_en: p.resuelta_en ?? null,
    registrado_por_nombre: p.registrado_por_nombre ?? null,
  };
}

/**
 * The open promise as the credit item carries it (`promesa_abierta`, null or absent when none):
 * enough for the close to resolve it and to find its item.
 */
export interface PromesaAbierta {
  id: string;
  created_at: string;
  fecha: string;
  fecha_creacion: string;
  monto_centimos: number;
}

export function promesaAbiertaDe(credito: Record<string, unknown>): PromesaAbierta | null {
  const p = credito.promesa_abierta as Partial<PromesaAbierta> | null | undefined;
  if (!p || typeof p !== 'object' || typeof p.id !== 'string' || typeof p.fecha !== 'string') return null;
  return {
    id: p.id,
    created_at: String(p.created_at),
    fecha: p.fecha,
    fecha_creacion: String(p.fecha_creacion),
    monto_centimos: Number(p.monto_centimos),
  };
}
