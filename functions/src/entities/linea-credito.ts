import { ENTITY, type TableItem } from './comun';
import { hijosDeCliente } from './cliente';

/** Per-client credit-line usage (Σ saldo_capital), changed in the same transaction as the capital. */
export const claveLineaCredito = (clienteId: string) => ({ pk: hijosDeCliente(clienteId), sk: 'LINEA' });

export const itemLineaCredito = (l: { cliente_id: string; usado_centimos: number; updated_at: string }): TableItem => ({
  ...claveLineaCredito(l.cliente_id),
  tipo: ENTITY.lineaCredito,
  cliente_id: l.cliente_id,
  usado_centimos: l.usado_centimos,
  updated_at: l.updated_at,
});

/** A client's credit-line usage as stored. */
export interface LineaCreditoGuardada {
  cliente_id: string;
  usado_centimos: number;
  updated_at: string;
}

/** The line item read back (an item without usado_centimos counts 0). */
export const lineaDeItem = (item: Record<string, unknown>): LineaCreditoGuardada => ({
  cliente_id: String(item.cliente_id),
  usado_centimos: Number(item.usado_centimos ?? 0),
  updated_at: String(item.updated_at),
});
