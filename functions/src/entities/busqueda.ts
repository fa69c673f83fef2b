import { ENTITY, type TableItem } from './comun';

/** Search index partitions: one per first character of the normalized term. */
export function busquedaPartition(term: string): string {
  return `BUSQUEDA#CLIENTE#${term.slice(0, 1)}`;
}

export const claveBusqueda = (term: string, clienteId: string) => ({ pk: busquedaPartition(term), sk: `${term}#${clienteId}` });
export const claveBusquedaCredito = (term: string, creditoId: string) => ({
  pk: `BUSQUEDA#CREDITO#${term.slice(0, 1)}`,
  sk: `${term}#${creditoId}`,
});

export const itemBusqueda = (term: string, clienteId: string): TableItem => ({
  ...claveBusqueda(term, clienteId),
  tipo: ENTITY.busqueda,
  cliente_id: clienteId,
});
