import { ENTITY, type TableItem } from './comun';

/**
 * Uniqueness guards: one item per taken value, put with attribute_not_exists in the same
 * transaction as the record that takes it.
 */
export const claveUnico = {
  email: (email: string) => ({ pk: `UNICO#CLIENTE_EMAIL#${email}`, sk: 'UNICO' }),
  identidad: (tipo: string, numero: string) => ({ pk: `UNICO#CLIENTE_IDENTIDAD#${tipo}#${numero}`, sk: 'UNICO' }),
  productoCodigo: (codigo: string) => ({ pk: `UNICO#PRODUCTO_CODIGO#${codigo}`, sk: 'UNICO' }),
  numeroSolicitud: (numero: string) => ({ pk: `UNICO#SOLICITUD_NUMERO#${numero}`, sk: 'UNICO' }),
  numeroCredito: (numero: string) => ({ pk: `UNICO#CREDITO_NUMERO#${numero}`, sk: 'UNICO' }),
};

/** A guard item for `clave`, naming its owner (e.g. { cliente_id }). */
export const itemUnico = (clave: { pk: string; sk: string }, dueno: Record<string, string>): TableItem => ({
  ...clave,
  tipo: ENTITY.unico,
  ...dueno,
});

/** Guard that keeps product codes unique (written and moved in the product's transaction). */
export const itemProductoCodigo = (p: { id: string; codigo: string }): TableItem =>
  itemUnico(claveUnico.productoCodigo(p.codigo), { producto_id: p.id });
