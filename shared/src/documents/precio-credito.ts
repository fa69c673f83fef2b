import { precioGuardado, type PrecioCredito } from '../domain/condiciones';
import { formatPorcentaje } from '../format';
import { formatCRC } from '../montos';
import { productosTexts } from '../texts/productos';

const t = productosTexts.precioCredito;

/**
 * The credit's price as label/value rows (comisión, neto, interés del primer periodo, costo total,
 * TAE), only the ones the credit stored: the credit detail and the contract show the same list.
 */
export function filasPrecioCredito(credito: object): Array<{ label: string; value: string }> {
  const p: PrecioCredito = precioGuardado(credito);
  const filas: Array<{ label: string; value: string }> = [];
  if (p.comision_formalizacion_centimos !== undefined)
    filas.push({ label: t.comision, value: formatCRC(p.comision_formalizacion_centimos) });
  if (p.neto_desembolsado_centimos !== undefined) filas.push({ label: t.neto, value: formatCRC(p.neto_desembolsado_centimos) });
  if (p.interes_primer_periodo_centimos !== undefined) {
    filas.push({ label: t.interesPrimerPeriodo, value: formatCRC(p.interes_primer_periodo_centimos) });
  }
  if (p.costo_total_centimos !== undefined) filas.push({ label: t.costoTotal, value: formatCRC(p.costo_total_centimos) });
  if (p.tae !== undefined) filas.push({ label: t.tae, value: formatPorcentaje(p.tae) });
  return filas;
}
