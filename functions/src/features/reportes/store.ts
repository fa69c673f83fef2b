import { batchGetAll } from '#commons/db';
import { aggReportesKeys } from '#entities/agregados-reportes';
import { obtenerProducto } from '#features/productos/index';
import type { Agg } from './domain';

/** The portfolio item: one GetItem whatever the number of credits. */
export async function leerCartera(): Promise<Agg> {
  const [item] = await batchGetAll([aggReportesKeys.cartera()]);
  return item;
}

/** One item per month of disbursement (at most 36). */
export const leerCosechas = (meses: readonly string[]): Promise<Agg[]> => batchGetAll(meses.map(aggReportesKeys.cosecha));

/** One item per business date of the range (at most 366). */
export const leerDias = (dias: readonly string[]): Promise<Agg[]> => batchGetAll(dias.map(aggReportesKeys.dia));

/** Product names by id, for the products that appear in a report (a handful of GetItems). */
export async function nombresDeProductos(ids: readonly string[]): Promise<Map<string, string>> {
  const productos = await Promise.all(ids.map((id) => obtenerProducto(id).catch(() => null)));
  return new Map(ids.flatMap((id, i) => (productos[i] ? [[id, productos[i].nombre] as const] : [])));
}
