import { ENTITY, type TableItem } from './comun';

/**
 * Search index partitions: one per first character of the normalized term. The keys of whole
 * tokens and those of their suffixes (search-terms.ts) live in separate partitions, so a query of
 * 1 or 2 characters (found only at the start of a word) reads whole tokens only, never a page of
 * suffixes it would reject.
 */
export function busquedaPartition(term: string, sufijo = false): string {
  return `BUSQUEDA#CLIENTE#${sufijo ? 'SUF#' : ''}${term.slice(0, 1)}`;
}

export const claveBusqueda = (term: string, clienteId: string, sufijo = false) => ({
  pk: busquedaPartition(term, sufijo),
  sk: `${term}#${clienteId}`,
});
export const claveBusquedaCredito = (term: string, creditoId: string) => ({
  pk: `BUSQUEDA#CREDITO#${term.slice(0, 1)}`,
  sk: `${term}#${creditoId}`,
});

export const itemBusqueda = (term: string, clienteId: string, sufijo = false): TableItem => ({
  ...claveBusqueda(term, clienteId, sufijo),
  tipo: ENTITY.busqueda,
  cliente_id: clienteId,
});
