import {
  categoriaRiesgo,
  DIAS_MORA_TOPE,
  esCategoriaRiesgo,
  PARAMETROS_RIESGO_DEFECTO,
  porcentajesValidos,
  provisionesPorCategoria,
  sumarDias,
  umbralesValidos,
  type CategoriaRiesgo,
  type ParametrosRiesgo,
  type ReporteProvisiones,
  type TramoDias,
} from '@cuota/shared';
import { riesgoTexts } from '@cuota/shared/texts/riesgo';
import { NotFoundError } from '#commons/errors';
import { logger } from '#commons/logger';
import { obtenerValoresConfiguracion } from '#features/configuracion/index';
import { guardarInstantaneaSiFalta, leerAgregadoRiesgo, leerInstantanea, leerMesesConInstantanea } from './store';

/**
 * Risk categories and the provisions report (docs/riesgo.md). The report reads one aggregate item
 * (per-day counters of active credits, kept by the stream consumer) and maps days to categories
 * with the settings in force; a month-end snapshot is written once by the first close after it.
 */

type Item = Record<string, unknown>;
const n = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0);

/** The settings in force; a stored value that no longer validates falls back to the default (and is logged). */
export async function parametrosRiesgo(): Promise<ParametrosRiesgo & { diasCastigo: number }> {
  const v = await obtenerValoresConfiguracion([
    'riesgo_umbrales_dias',
    'riesgo_porcentajes_estimacion',
    'riesgo_categoria_minima_reestructurado',
    'castigo_dias_mora_minimos',
  ]);
  const umbrales = umbralesValidos(v.riesgo_umbrales_dias);
  const porcentajes = porcentajesValidos(v.riesgo_porcentajes_estimacion);
  const minima = v.riesgo_categoria_minima_reestructurado;
  if (!umbrales || !porcentajes || !esCategoriaRiesgo(minima))
    logger.warn('configuración de riesgo inválida; se usan los valores por defecto', { v });
  const dias = Number(v.castigo_dias_mora_minimos);
  return {
    umbrales: umbrales ?? PARAMETROS_RIESGO_DEFECTO.umbrales,
    porcentajes: porcentajes ?? PARAMETROS_RIESGO_DEFECTO.porcentajes,
    minimaReestructurado: esCategoriaRiesgo(minima) ? minima : PARAMETROS_RIESGO_DEFECTO.minimaReestructurado,
    diasCastigo: Number.isInteger(dias) && dias >= 0 ? dias : 90,
  };
}

export const diasCastigoMinimos = async (): Promise<number> => (await parametrosRiesgo()).diasCastigo;

export async function categoriaDeCredito(diasMora: number, reestructurado: boolean): Promise<CategoriaRiesgo> {
  return categoriaRiesgo(diasMora, reestructurado, await parametrosRiesgo());
}

/** The day buckets held by the aggregate item. */
export function tramosDe(agregado: Item): TramoDias[] {
  const tramos: TramoDias[] = [];
  for (const reestructurado of [false, true]) {
    const r = reestructurado ? 'r' : '';
    for (let dias = 0; dias <= DIAS_MORA_TOPE; dias++) {
      const creditos = n(agregado[`n${r}_${dias}`]);
      const saldo = n(agregado[`s${r}_${dias}`]);
      if (creditos !== 0 || saldo !== 0) tramos.push({ dias, reestructurado, creditos, saldo_centimos: saldo });
    }
  }
  return tramos;
}

function reporte(
  agregado: Item,
  p: ParametrosRiesgo,
  fechaCorte: string,
): Omit<ReporteProvisiones, 'mes' | 'tomado_en' | 'meses_disponibles'> {
  const { filas, total } = provisionesPorCategoria(tramosDe(agregado), p);
  return {
    fecha_corte: fechaCorte,
    umbrales: [...p.umbrales],
    categoria_minima_reestructurado: p.minimaReestructurado,
    filas,
    total,
    castigados: { creditos: n(agregado.castigados), saldo_centimos: n(agregado.castigado_saldo_centimos) },
    recuperaciones_centimos: n(agregado.recuperaciones_centimos),
  };
}

/** GET /api/reportes/provisiones[?mes=]: now, or the stored snapshot of a month (404 when there is none). */
export async function obtenerProvisiones(mes: string | undefined, hoy: string): Promise<ReporteProvisiones> {
  const meses = await leerMesesConInstantanea();
  if (mes) {
    const guardada = await leerInstantanea(mes);
    if (!guardada) throw new NotFoundError(riesgoTexts.sinInstantanea);
    return { ...(guardada.reporte as ReporteProvisiones), mes, tomado_en: String(guardada.tomado_en), meses_disponibles: meses };
  }
  const [agregado, p] = await Promise.all([leerAgregadoRiesgo(), parametrosRiesgo()]);
  return { ...reporte(agregado, p, hoy), mes: null, tomado_en: null, meses_disponibles: meses };
}

/**
 * Called by the daily close before it closes `fecha`: when `fecha` is the first day of a month, the
 * month that ended is snapshotted from the aggregates (the state after its last close), once:
 * a snapshot is never overwritten. Returns the month written, or null.
 */
export async function tomarInstantaneaMensual(fecha: string, now: Date): Promise<string | null> {
  if (!fecha.endsWith('-01')) return null;
  const fin = sumarDias(fecha, -1);
  const mes = fin.slice(0, 7);
  if (await leerInstantanea(mes)) return null;
  const [agregado, p] = await Promise.all([leerAgregadoRiesgo(), parametrosRiesgo()]);
  const escrita = await guardarInstantaneaSiFalta(mes, {
    fecha_corte: fin,
    tomado_en: now.toISOString(),
    reporte: reporte(agregado, p, fin),
  });
  return escrita ? mes : null;
}
