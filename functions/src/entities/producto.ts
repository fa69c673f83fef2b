import { byDate, ENTITY, normalizeTerm, stripKeys, type Entity, type TableItem } from './comun';

export const claveProducto = (id: string) => ({ pk: `PRODUCTO#${id}`, sk: 'PRODUCTO' });
export const particionProductos = () => 'PRODUCTOS';
/** Active products only (sparse gsi2), ordered by normalized name: the selects' source. */
export const particionProductosActivos = () => 'PRODUCTOS#ACTIVOS';

/** Products newest first on gsi1; active ones also on a sparse gsi2 ordered by name (for selects). */
export function itemProducto(p: Entity): TableItem {
  const item: TableItem = {
    ...stripKeys(p),
    ...claveProducto(p.id),
    tipo: ENTITY.producto,
    gsi1pk: particionProductos(),
    gsi1sk: byDate(p.created_at, p.id),
  };
  if (p.activo === true) {
    item.gsi2pk = particionProductosActivos();
    item.gsi2sk = `${normalizeTerm(String(p.nombre))}#${p.id}`;
  }
  return item;
}
