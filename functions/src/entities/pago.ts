import { byDate, ENTITY, stripKeys, type Entity, type TableItem } from './comun';
import { hijosDeCliente, PREFIJO_HIJO } from './cliente';

export const clavePago = (id: string) => ({ pk: `PAGO#${id}`, sk: 'PAGO' });
/** gsi2: a credit's payments newest first. */
export const particionPagosCredito = (creditoId: string) => `CREDITO#${creditoId}#PAGOS`;
/** gsi3: one partition per estado. */
export const particionPagosEstado = (estado: string) => `PAGOS#${estado}`;

export const itemPago = (p: Entity & { cliente_id: string; credito_id: string; estado: string }): TableItem => ({
  ...stripKeys(p),
  ...clavePago(p.id),
  tipo: ENTITY.pago,
  gsi1pk: hijosDeCliente(p.cliente_id),
  gsi1sk: `${PREFIJO_HIJO.pago}${byDate(p.created_at, p.id)}`,
  gsi2pk: particionPagosCredito(p.credito_id),
  gsi2sk: byDate(p.created_at, p.id),
  gsi3pk: particionPagosEstado(p.estado),
  gsi3sk: byDate(p.created_at, p.id),
});
