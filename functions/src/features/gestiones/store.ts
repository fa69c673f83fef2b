import type { Gestion, Page, Promesa } from '@cuota/shared';
import { paginaReciente } from '#commons/pagina';
import { put, type Operacion } from '#commons/transaccion';
import {
  gestionDeItem,
  particionCobroCredito,
  itemGestion,
  itemPromesa,
  PREFIJO_GESTION,
  PREFIJO_PROMESA,
  promesaDeItem,
} from '#entities/gestion';

/** Items of one prefix in the credit's partition, newest first (sort keys are PREFIJO#created_at#id). */
function pagina<T>(
  creditoId: string,
  prefijo: string,
  mapear: (item: Record<string, unknown>) => T,
  opts: { limit: number; cursor?: string },
): Promise<Page<T>> {
  return paginaReciente({ pk: particionCobroCredito(creditoId), prefijo }, opts, mapear);
}

export const leerGestiones = (creditoId: string, opts: { limit: number; cursor?: string }): Promise<Page<Gestion>> =>
  pagina(creditoId, PREFIJO_GESTION, gestionDeItem, opts);

export const leerPromesas = (creditoId: string, opts: { limit: number; cursor?: string }): Promise<Page<Promesa>> =>
  pagina(creditoId, PREFIJO_PROMESA, promesaDeItem, opts);

export const gestionNueva = (g: Gestion): Operacion => put(itemGestion(g), { condicion: 'attribute_not_exists(pk)' });
export const promesaNueva = (p: Promesa): Operacion => put(itemPromesa(p), { condicion: 'attribute_not_exists(pk)' });
