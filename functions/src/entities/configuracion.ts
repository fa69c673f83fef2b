import { ENTITY, stripKeys, type TableItem } from './comun';

/** Settings, payment methods and bank accounts: one small partition each, read whole or by key. */
export const PARTICION_CONFIG = 'CONFIG';
export const PARTICION_METODOS_PAGO = 'METODOS_PAGO';
export const PARTICION_CUENTAS_BANCARIAS = 'CUENTAS_BANCARIAS';

export const claveConfiguracion = (clave: string) => ({ pk: PARTICION_CONFIG, sk: clave });

export const itemConfiguracion = (c: Record<string, unknown> & { clave: string }): TableItem => ({
  ...stripKeys(c),
  ...claveConfiguracion(c.clave),
  tipo: ENTITY.configuracion,
});
