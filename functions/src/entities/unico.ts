import { ENTITY, type TableItem } from './comun';

/**
 * Uniqueness guards: one item per taken value, put with attribute_not_exists in the same
 * transaction as the record that takes it.
 */
export const claveUnico = {
  email: (email: string) => ({ pk: `UNICO#CLIENTE_EMAIL#${email}`, sk: 'UNICO' }),
  /**
   * One person, one identification number whatever type it is declared as (a cédula's digits
   * cannot come back as a DNI or a passport): the canonical number alone.
   */
  identidad: (numero: string) => ({ pk: `UNICO#CLIENTE_IDENTIDAD_NUMERO#${numero}`, sk: 'UNICO' }),
  /**
   * The former guard, keyed by type and number. Clients created before the guard moved to the
   * number alone had only this one, keyed on the number as typed (hyphens kept): the on-demand job
   * 'migrar-identidades' gives each of them the canonical guard. New clients also check that none
   * of these exists for their canonical number under any type.
   */
  identidadPorTipo: (tipo: string, numero: string) => ({ pk: `UNICO#CLIENTE_IDENTIDAD#${tipo}#${numero}`, sk: 'UNICO' }),
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
