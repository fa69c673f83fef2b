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
