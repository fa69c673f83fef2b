import * as z from 'zod/mini';
import { reportesTexts } from '../texts/reportes';
import { isoDate } from './common';

const t = reportesTexts;

/** A report's range: business dates, both included; at most a year of days (366 items read). */
export const MAX_DIAS_REPORTE = 366;
/** Vintages: at most 36 months of disbursement. */
export const MAX_MESES_COSECHA = 36;

const fecha = isoDate.check(
  z.refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s) && s >= '2000-01-01' && s <= '2099-12-31';
  }, t.fechaInvalida),
);

/** ?desde=&hasta= (YYYY-MM-DD, optional: the server fills the default window ending today). */
export const rangoReporteQuery = z
  .object({ desde: z.optional(fecha), hasta: z.optional(fecha) })
  .check(z.refine((v) => !v.desde || !v.hasta || v.desde <= v.hasta, { message: t.rangoInvertido, path: ['desde'] }));
export type RangoReporte = z.infer<typeof rangoReporteQuery>;

export const TRAMOS_REPORTE = ['0', '1_30', '31_60', '61_90', 'mas_90'] as const;

export const reporteCarteraSchema = z.object({
  fecha_negocio: z.string(),
  /** Every estado credits carry (castigado included once it exists), in a stable order. */
  por_estado: z.array(
    z.object({
      estado: z.string(),
      creditos: z.number().check(z.int()),
      saldo_capital_centimos: z.number().check(z.int()),
      saldo_mora_centimos: z.number().check(z.int()),
    }),
  ),
  /** Active credits (vigente, al_dia, vencido) by days late. */
  por_tramo: z.array(
    z.object({
      tramo: z.enum(TRAMOS_REPORTE),
      creditos: z.number().check(z.int()),
      saldo_capital_centimos: z.number().check(z.int()),
    }),
  ),
  total: z.object({ creditos: z.number().check(z.int()), saldo_capital_centimos: z.number().check(z.int()) }),
});
export type ReporteCartera = z.infer<typeof reporteCarteraSchema>;

export const reporteCosechasSchema = z.object({
  fecha_negocio: z.string(),
  desde: z.string(),
  hasta: z.string(),
  meses: z.array(
    z.object({
      mes: z.string(),
      /** Whole months from the disbursement month to the business date's. */
      meses_en_libros: z.number().check(z.int()),
      desembolsos: z.number().check(z.int()),
      desembolsado_centimos: z.number().check(z.int()),
      /** Capital of its active credits today. */
      saldo_activo_centimos: z.number().check(z.int()),
      mora30_creditos: z.number().check(z.int()),
      mora30_centimos: z.number().check(z.int()),
      /** mora30 capital ÷ disbursed × 100, two decimals (half-even). */
      mora30_porcentaje: z.string(),
      mora90_creditos: z.number().check(z.int()),
      mora90_centimos: z.number().check(z.int()),
      mora90_porcentaje: z.string(),
      por_estado: z.array(
        z.object({ estado: z.string(), creditos: z.number().check(z.int()), saldo_capital_centimos: z.number().check(z.int()) }),
      ),
    }),
  ),
});
export type ReporteCosechas = z.infer<typeof reporteCosechasSchema>;

const canalMonto = z.object({ canal: z.string(), pagos: z.number().check(z.int()), monto_centimos: z.number().check(z.int()) });
export const reporteRecaudacionSchema = z.object({
  desde: z.string(),
  hasta: z.string(),
  /** Channels with collections in the range: ventanilla_efectivo, ventanilla_transferencia, …, reportado, tarjeta. */
  canales: z.array(z.string()),
  dias: z.array(
    z.object({
      fecha: z.string(),
      pagos: z.number().check(z.int()),
      monto_centimos: z.number().check(z.int()),
      por_canal: z.array(canalMonto),
      /** Of the day's collections, those on written-off credits. */
      recuperacion_pagos: z.number().check(z.int()),
      recuperacion_centimos: z.number().check(z.int()),
    }),
  ),
  totales: z.object({
    pagos: z.number().check(z.int()),
    monto_centimos: z.number().check(z.int()),
    por_canal: z.array(canalMonto),
    recuperacion_pagos: z.number().check(z.int()),
    recuperacion_centimos: z.number().check(z.int()),
  }),
});
export type ReporteRecaudacion = z.infer<typeof reporteRecaudacionSchema>;

const productoMonto = z.object({
  producto_id: z.string(),
  producto_nombre: z.string(),
  creditos: z.number().check(z.int()),
  monto_centimos: z.number().check(z.int()),
});
export const reporteColocacionSchema = z.object({
  desde: z.string(),
  hasta: z.string(),
  productos: z.array(z.object({ producto_id: z.string(), producto_nombre: z.string() })),
  meses: z.array(
    z.object({
      mes: z.string(),
      creditos: z.number().check(z.int()),
      monto_centimos: z.number().check(z.int()),
      por_producto: z.array(productoMonto),
    }),
  ),
  totales: z.object({
    creditos: z.number().check(z.int()),
    monto_centimos: z.number().check(z.int()),
    por_producto: z.array(productoMonto),
  }),
});
export type ReporteColocacion = z.infer<typeof reporteColocacionSchema>;
