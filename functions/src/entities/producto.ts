import { tasaMoratoriaMaxima, type ProductoDetalle } from '@cuota/shared';
import { byDate, ENTITY, normalizeTerm, stripKeys, type Entity, type Guardado, type TableItem } from './comun';

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

/** A product as stored: older items may lack the lending terms; `version` guards concurrent edits. */
export type ProductoItem = Guardado<
  Omit<ProductoDetalle, 'metodo_amortizacion' | 'tasa_moratoria_anual' | 'dias_tolerancia' | 'es_microcredito'> &
    Partial<Pick<ProductoDetalle, 'metodo_amortizacion' | 'tasa_moratoria_anual' | 'dias_tolerancia' | 'es_microcredito'>> & {
      version?: number;
    },
  typeof ENTITY.producto
>;

/** The API shape of a stored product; older items without the lending terms read with their defaults. */
export function productoDeItem(item: ProductoItem): ProductoDetalle {
  const tasa = String(item.tasa_interes_anual);
  return {
    id: String(item.id),
    codigo: String(item.codigo),
    nombre: String(item.nombre),
    descripcion: item.descripcion ?? null,
    monto_minimo_centimos: Number(item.monto_minimo_centimos),
    monto_maximo_centimos: Number(item.monto_maximo_centimos),
    plazo_minimo_meses: Number(item.plazo_minimo_meses),
    plazo_maximo_meses: Number(item.plazo_maximo_meses),
    tasa_interes_anual: tasa,
    metodo_amortizacion: item.metodo_amortizacion ?? 'cuota_nivelada',
    tasa_moratoria_anual: item.tasa_moratoria_anual ?? tasaMoratoriaMaxima(tasa),
    dias_tolerancia: Number(item.dias_tolerancia ?? 0),
    es_microcredito: item.es_microcredito === true,
    activo: item.activo === true,
    created_at: String(item.created_at),
    updated_at: item.updated_at ?? null,
    ...precioDeItem(item),
  };
}

const CAMPOS_PRECIO = [
  'comision_formalizacion_tipo',
  'comision_formalizacion_valor',
  'comision_formalizacion_modalidad',
  'meses_gracia',
  'multiplo_cuota',
] as const;

/** The pricing fields the item has (older products have none: the API shape stays as it was). */
function precioDeItem(item: ProductoItem): Partial<Pick<ProductoDetalle, (typeof CAMPOS_PRECIO)[number]>> {
  const out: Record<string, unknown> = {};
  for (const campo of CAMPOS_PRECIO) if (item[campo] !== undefined) out[campo] = item[campo];
  if (typeof out.meses_gracia !== 'undefined') out.meses_gracia = Number(out.meses_gracia ?? 0);
  return out;
}
