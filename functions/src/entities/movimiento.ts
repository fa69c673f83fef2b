import { ENTITY, stripKeys, type Entity, type TableItem } from './comun';
import { particionCredito } from './credito';

export const PREFIJO_MOVIMIENTO = 'MOV#';
/**
 * A credit's ledger, in its own partition (read with the credit in one consistent query): each
 * applied payment at its value date, and the audited adjustments its application caused.
 */
export const claveMovimiento = (creditoId: string, fechaValor: string, id: string) => ({
  pk: particionCredito(creditoId),
  sk: `${PREFIJO_MOVIMIENTO}${fechaValor}#${id}`,
});

/** A credit's ledger movement: an applied payment or an audited adjustment. */
export const itemMovimiento = (m: Entity & { credito_id: string; fecha_valor: string }): TableItem => ({
  ...stripKeys(m),
  ...claveMovimiento(m.credito_id, m.fecha_valor, m.id),
  tipo: ENTITY.movimiento,
});
