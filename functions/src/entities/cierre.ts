/** Daily close: one marker per business date (lock, then result) and the last date fully closed. */
export const claveCierre = (fecha: string) => ({ pk: `CIERRE#${fecha}`, sk: 'CIERRE' });
export const claveCierreUltimo = () => ({ pk: 'CIERRE', sk: 'ULTIMO' });
