import type { Reestructuracion } from '@cuota/shared';
import { ENTITY, stripKeys, type TableItem } from './comun';
import { particionCredito } from './credito';

/**
 * A restructuring of a credit (docs/lending-engine.md "Reestructuración"), in the credit's
 * partition: a proposal, then confirmed or rejected. A confirmed one keeps the schedule it
 * replaced (`cuotas_anteriores`) and the plan it wrote.
 */
export const PREFIJO_REESTRUCTURACION = 'REESTRUCTURACION#';
export const claveReestructuracion = (creditoId: string, id: string) => ({
  pk: particionCredito(creditoId),
  sk: `${PREFIJO_REESTRUCTURACION}${id}`,
});
/**
 * The same restructuring (same parameters, `huella`) at most once per credit and business date: a
 * guard put only if absent in the restructuring's transaction, so two confirmations at once (a
 * double click with two keys, two admins) make one.
 */
export const claveReestructuracionDelDia = (creditoId: string, fecha: string, huella: string) => ({
  pk: particionCredito(creditoId),
  sk: `REESTRUCTURACION_DIA#${fecha}#${huella}`,
});

/** `tipo` is the item's entity type: the restructuring's own type is stored as `tipo_reestructuracion`. */
export const itemReestructuracion = (r: Reestructuracion): TableItem => ({
  ...r,
  tipo_reestructuracion: r.tipo,
  ...claveReestructuracion(r.credito_id, r.id),
  tipo: ENTITY.reestructuracion,
});

export const itemReestructuracionDelDia = (
  creditoId: string,
  fecha: string,
  huella: string,
  reestructuracionId: string,
): TableItem => ({
  ...claveReestructuracionDelDia(creditoId, fecha, huella),
  tipo: ENTITY.unico,
  reestructuracion_id: reestructuracionId,
});

export function reestructuracionAApi(item: Record<string, unknown>): Reestructuracion {
  const { tipo_reestructuracion, ...resto } = stripKeys(item);
  return { ...resto, tipo: tipo_reestructuracion } as unknown as Reestructuracion;
}
