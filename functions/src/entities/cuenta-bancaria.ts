import { ENTITY, stripKeys, type TableItem } from './comun';
import { PARTICION_CUENTAS_BANCARIAS } from './configuracion';

export const claveCuentaBancaria = (id: string) => ({ pk: PARTICION_CUENTAS_BANCARIAS, sk: id });

export const itemCuentaBancaria = (c: Record<string, unknown> & { id: string }): TableItem => ({
  ...stripKeys(c),
  ...claveCuentaBancaria(c.id),
  tipo: ENTITY.cuentaBancaria,
});
