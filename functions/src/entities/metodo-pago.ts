import { ENTITY, stripKeys, type TableItem } from './comun';
import { PARTICION_METODOS_PAGO } from './configuracion';

export const claveMetodoPago = (codigo: string) => ({ pk: PARTICION_METODOS_PAGO, sk: codigo });

export const itemMetodoPago = (m: Record<string, unknown> & { codigo: string }): TableItem => ({
  ...stripKeys(m),
  ...claveMetodoPago(m.codigo),
  tipo: ENTITY.metodoPago,
});
