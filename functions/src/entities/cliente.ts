import type { Cliente } from '@cuota/shared';
import { byDate, ENTITY, stripKeys, type Guardado } from './comun';

/** A client: its profile item, listed newest first on gsi1 CLIENTES. */
export type ClienteItem = Guardado<Cliente, typeof ENTITY.cliente>;

export const claveCliente = (id: string) => ({ pk: `CLIENTE#${id}`, sk: 'PERFIL' });
export const particionClientes = () => 'CLIENTES';
/** gsi1 partition of a client's children (its solicitudes, credits, payments) by date. */
export const hijosDeCliente = (clienteId: string) => `CLIENTE#${clienteId}`;
/** The sort-key prefix of each kind of child in hijosDeCliente. */
export const PREFIJO_HIJO = { solicitud: 'SOLICITUD#', credito: 'CREDITO#', pago: 'PAGO#' } as const;
export type PrefijoHijo = (typeof PREFIJO_HIJO)[keyof typeof PREFIJO_HIJO];

export function itemCliente(c: Cliente): ClienteItem {
  return {
    ...claveCliente(c.id),
    tipo: ENTITY.cliente,
    gsi1pk: particionClientes(),
    gsi1sk: byDate(c.created_at, c.id),
    ...c,
  };
}

export const clienteAApi = (item: Record<string, unknown>): Cliente => stripKeys(item) as unknown as Cliente;
