import {
  MAX_DIAS_REPORTE,
  MAX_MESES_COSECHA,
  sumarMeses,
  type RangoReporte,
  type ReporteCartera,
  type ReporteColocacion,
  type ReporteCosechas,
  type ReporteRecaudacion,
} from '@cuota/shared';
import { reportesTexts as t } from '@cuota/shared/texts/reportes';
import { ValidationError } from '#commons/errors';
import { fechaHoy } from '#features/cierre/index';
import {
  diasDelRango,
  mesesDelRango,
  productosEn,
  rangoDias,
  reporteCartera,
  reporteColocacion,
  reporteCosechas,
  reporteRecaudacion,
} from './domain';
import { leerCartera, leerCosechas, leerDias, nombresDeProductos } from './store';

/** A range refused: reversed (a `desde` after today counts, `hasta` defaulting to today), else too long. */
const rangoInvalido = (desde: string | undefined, hasta: string, largo: string) =>
  new ValidationError({ desde: desde && desde > hasta ? t.rangoInvertido : largo });

/** GET /api/reportes/cartera: the portfolio by estado and by days late, from one aggregate item. */
export async function obtenerReporteCartera(now = new Date()): Promise<ReporteCartera> {
  const [hoy, item] = await Promise.all([fechaHoy(now), leerCartera()]);
  return reporteCartera(item, hoy);
}

/** GET /api/reportes/cosechas: one item per month of disbursement in the range (12 months ending today by default). */
export async function obtenerReporteCosechas(q: RangoReporte, now = new Date()): Promise<ReporteCosechas> {
  const hoy = await fechaHoy(now);
  const hasta = q.hasta ?? hoy;
  const desde = q.desde ?? sumarMeses(`${hasta.slice(0, 7)}-01`, -11);
  const meses = desde <= hasta ? mesesDelRango(desde, hasta) : null;
  if (!meses) throw rangoInvalido(desde, hasta, t.rangoMesesLargo(MAX_MESES_COSECHA));
  return reporteCosechas(meses, await leerCosechas(meses), hoy);
}

/** GET /api/reportes/recaudacion: one item per business date of the range (30 days ending today by default). */
export async function obtenerReporteRecaudacion(q: RangoReporte, now = new Date()): Promise<ReporteRecaudacion> {
  const hoy = await fechaHoy(now);
  const rango = rangoDias(q, hoy);
  if (!rango) throw rangoInvalido(q.desde, q.hasta ?? hoy, t.rangoLargo(MAX_DIAS_REPORTE));
  const dias = diasDelRango(rango.desde, rango.hasta);
  return reporteRecaudacion(rango.desde, rango.hasta, dias, await leerDias(dias));
}

/** GET /api/reportes/colocacion: the same day items, summed per month and product (the year ending today by default). */
export async function obtenerReporteColocacion(q: RangoReporte, now = new Date()): Promise<ReporteColocacion> {
  const hoy = await fechaHoy(now);
  const hasta = q.hasta ?? hoy;
  const desde = q.desde ?? sumarMeses(`${hasta.slice(0, 7)}-01`, -11);
  const rango = rangoDias({ desde, hasta }, hoy);
  if (!rango) throw rangoInvalido(desde, hasta, t.rangoLargo(MAX_DIAS_REPORTE));
  const dias = diasDelRango(rango.desde, rango.hasta);
  const items = await leerDias(dias);
  const nombres = await nombresDeProductos(productosEn(items));
  return reporteColocacion(rango.desde, rango.hasta, dias, items, nombres);
}
