/**
 * The reports from their aggregate items, pure (no AWS imports). The items are sums kept by the
 * stream consumer (dashboard/contribuciones-reportes.ts); here they are only read and shaped.
 */
import {
  diasEntre,
  MAX_DIAS_REPORTE,
  MAX_MESES_COSECHA,
  roundHalfEven,
  sumarDias,
  sumarMeses,
  TRAMOS_REPORTE,
  type ReporteCartera,
  type ReporteColocacion,
  type ReporteCosechas,
  type ReporteRecaudacion,
} from '@cuota/shared';

export type Agg = Record<string, unknown> | undefined;

/** Estados shown first, in the order of the credit's life; any other estado follows alphabetically. */
const ORDEN_ESTADOS = ['vigente', 'al_dia', 'vencido', 'cancelado', 'refinanciado', 'castigado'];
/** Channels shown first; any other follows alphabetically. */
const ORDEN_CANALES = [
  'ventanilla_efectivo',
  'ventanilla_transferencia',
  'ventanilla_sinpe_movil',
  'ventanilla_cheque',
  'ventanilla_otro',
  'reportado',
  'tarjeta',
];

const numero = (item: Agg, campo: string): number => {
  const v = item?.[campo];
  return typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0;
};

function ordenar(valores: Iterable<string>, orden: readonly string[]): string[] {
  const rango = (v: string) => (orden.includes(v) ? orden.indexOf(v) : orden.length);
  return [...new Set(valores)].sort((a, b) => rango(a) - rango(b) || a.localeCompare(b));
}

/** The `<x>` of every field `<prefijo><x><sufijo>` of the items. */
function segmentos(items: readonly Agg[], prefijo: string, sufijo: string): string[] {
  const out: string[] = [];
  for (const item of items)
    for (const campo of Object.keys(item ?? {}))
      if (campo.startsWith(prefijo) && campo.endsWith(sufijo) && campo.length > prefijo.length + sufijo.length)
        out.push(campo.slice(prefijo.length, campo.length - sufijo.length));
  return out;
}

/** `parte / total × 100` with 2 decimals, half-even, as a string; a total of 0 gives "0.00". */
export function porcentaje(parte: number, total: number): string {
  if (total <= 0) return '0.00';
  const v = roundHalfEven(BigInt(Math.max(0, parte)) * 10_000n, BigInt(total));
  return `${v / 100n}.${String(v % 100n).padStart(2, '0')}`;
}

export function reporteCartera(item: Agg, fecha: string): ReporteCartera {
  const estados = ordenar(segmentos([item], 'estado_', '_creditos'), ORDEN_ESTADOS);
  const por_estado = estados
    .map((estado) => ({
      estado,
      creditos: numero(item, `estado_${estado}_creditos`),
      saldo_capital_centimos: numero(item, `estado_${estado}_capital_centimos`),
      saldo_mora_centimos: numero(item, `estado_${estado}_mora_centimos`),
    }))
    .filter((e) => e.creditos !== 0);
  const por_tramo = TRAMOS_REPORTE.map((tramo) => ({
    tramo,
    creditos: numero(item, `tramo_${tramo}_creditos`),
    saldo_capital_centimos: numero(item, `tramo_${tramo}_capital_centimos`),
  }));
  return {
    fecha_negocio: fecha,
    por_estado,
    por_tramo,
    total: {
      creditos: por_estado.reduce((s, e) => s + e.creditos, 0),
      saldo_capital_centimos: por_estado.reduce((s, e) => s + e.saldo_capital_centimos, 0),
    },
  };
}

/** A range of business dates, defaults filled in and checked: `hasta` today by default, `desde` `dias` − 1 before it. */
export function rangoDias(
  q: { desde?: string; hasta?: string },
  hoy: string,
  dias = 30,
): { desde: string; hasta: string } | null {
  const hasta = q.hasta ?? hoy;
  const desde = q.desde ?? sumarDias(hasta, -(dias - 1));
  if (desde > hasta || diasEntre(desde, hasta) + 1 > MAX_DIAS_REPORTE) return null;
  return { desde, hasta };
}

export function diasDelRango(desde: string, hasta: string): string[] {
  const out: string[] = [];
  for (let d = desde; d <= hasta; d = sumarDias(d, 1)) out.push(d);
  return out;
}

/** The months (YYYY-MM) of a range of dates, oldest first; null beyond MAX_MESES_COSECHA. */
export function mesesDelRango(desde: string, hasta: string): string[] | null {
  const out: string[] = [];
  for (let m = `${desde.slice(0, 7)}-01`; m.slice(0, 7) <= hasta.slice(0, 7); m = sumarMeses(m, 1)) {
    out.push(m.slice(0, 7));
    if (out.length > MAX_MESES_COSECHA) return null;
  }
  return out;
}

const mesesEntre = (mes: string, hasta: string) =>
  (Number(hasta.slice(0, 4)) - Number(mes.slice(0, 4))) * 12 + Number(hasta.slice(5, 7)) - Number(mes.slice(5, 7));

export function reporteCosechas(meses: readonly string[], items: readonly Agg[], hoy: string): ReporteCosechas {
  const estados = ordenar(segmentos(items, 'estado_', '_creditos'), ORDEN_ESTADOS);
  return {
    fecha_negocio: hoy,
    desde: meses[0] ?? hoy.slice(0, 7),
    hasta: meses.at(-1) ?? hoy.slice(0, 7),
    meses: meses.map((mes, i) => {
      const it = items[i];
      const desembolsado = numero(it, 'desembolsado_centimos');
      return {
        mes,
        meses_en_libros: Math.max(0, mesesEntre(mes, hoy)),
        desembolsos: numero(it, 'desembolsos'),
        desembolsado_centimos: desembolsado,
        saldo_activo_centimos: numero(it, 'activo_capital_centimos'),
        mora30_creditos: numero(it, 'mora30_creditos'),
        mora30_centimos: numero(it, 'mora30_capital_centimos'),
        mora30_porcentaje: porcentaje(numero(it, 'mora30_capital_centimos'), desembolsado),
        mora90_creditos: numero(it, 'mora90_creditos'),
        mora90_centimos: numero(it, 'mora90_capital_centimos'),
        mora90_porcentaje: porcentaje(numero(it, 'mora90_capital_centimos'), desembolsado),
        por_estado: estados
          .map((estado) => ({
            estado,
            creditos: numero(it, `estado_${estado}_creditos`),
            saldo_capital_centimos: numero(it, `estado_${estado}_capital_centimos`),
          }))
          .filter((e) => e.creditos !== 0),
      };
    }),
  };
}

export function reporteRecaudacion(
  desde: string,
  hasta: string,
  dias: readonly string[],
  items: readonly Agg[],
): ReporteRecaudacion {
  const canales = ordenar(segmentos(items, 'recaudo_', '_pagos'), ORDEN_CANALES);
  const filas = dias.map((fecha, i) => {
    const it = items[i];
    const por_canal = canales.map((canal) => ({
      canal,
      pagos: numero(it, `recaudo_${canal}_pagos`),
      monto_centimos: numero(it, `recaudo_${canal}_centimos`),
    }));
    return {
      fecha,
      pagos: por_canal.reduce((s, c) => s + c.pagos, 0),
      monto_centimos: por_canal.reduce((s, c) => s + c.monto_centimos, 0),
      por_canal,
      recuperacion_pagos: numero(it, 'recuperacion_pagos'),
      recuperacion_centimos: numero(it, 'recuperacion_centimos'),
    };
  });
  const suma = (f: (d: (typeof filas)[number]) => number) => filas.reduce((s, d) => s + f(d), 0);
  return {
    desde,
    hasta,
    canales,
    dias: filas,
    totales: {
      pagos: suma((d) => d.pagos),
      monto_centimos: suma((d) => d.monto_centimos),
      por_canal: canales.map((canal, k) => ({
        canal,
        pagos: suma((d) => d.por_canal[k]!.pagos),
        monto_centimos: suma((d) => d.por_canal[k]!.monto_centimos),
      })),
      recuperacion_pagos: suma((d) => d.recuperacion_pagos),
      recuperacion_centimos: suma((d) => d.recuperacion_centimos),
    },
  };
}

/** The product ids with disbursements in these day items. */
export const productosEn = (items: readonly Agg[]): string[] => ordenar(segmentos(items, 'colocacion_', '_creditos'), []);

export function reporteColocacion(
  desde: string,
  hasta: string,
  dias: readonly string[],
  items: readonly Agg[],
  nombres: ReadonlyMap<string, string>,
): ReporteColocacion {
  const ids = productosEn(items);
  const productos = ids.map((producto_id) => ({ producto_id, producto_nombre: nombres.get(producto_id) ?? producto_id }));
  const porMes = new Map<string, number[][]>();
  dias.forEach((fecha, i) => {
    const fila = (porMes.get(fecha.slice(0, 7)) ??
      porMes
        .set(
          fecha.slice(0, 7),
          ids.map(() => [0, 0]),
        )
        .get(fecha.slice(0, 7)))!;
    ids.forEach((id, k) => {
      fila[k]![0]! += numero(items[i], `colocacion_${id}_creditos`);
      fila[k]![1]! += numero(items[i], `colocacion_${id}_centimos`);
    });
  });
  const linea = (valores: number[][]) => {
    const por_producto = productos.map((p, k) => ({ ...p, creditos: valores[k]![0]!, monto_centimos: valores[k]![1]! }));
    return {
      creditos: por_producto.reduce((s, p) => s + p.creditos, 0),
      monto_centimos: por_producto.reduce((s, p) => s + p.monto_centimos, 0),
      por_producto,
    };
  };
  const meses = [...porMes.entries()].map(([mes, valores]) => ({ mes, ...linea(valores) }));
  const total = ids.map((_, k) => [0, 1].map((j) => [...porMes.values()].reduce((s, v) => s + v[k]![j]!, 0)));
  return { desde, hasta, productos, meses, totales: linea(total) };
}
