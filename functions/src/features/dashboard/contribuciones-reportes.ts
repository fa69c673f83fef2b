/**
 * What each entity adds to the aggregates of the reports (features/reportes), pure. The stream
 * consumer applies it with the dashboard's contributions (domain.ts `contribucion`), exactly once
 * per change: the report items are then the sums over the entities as they are now.
 *
 * - cartera: per estado (whatever estados credits carry: a new one such as `castigado` shows up
 *   by itself) count, capital and mora; per arrears bucket (0, 1–30, 31–60, 61–90, > 90) the
 *   count and capital of the ACTIVE credits (vigente, al_dia, vencido): a written-off or
 *   cancelled credit is out of the buckets, as it is out of PAR.
 * - cosecha (month of fecha_desembolso): disbursed count and amount, and the capital of its
 *   active credits today, in total and > 30 / > 90 days late; count and capital per estado.
 * - día: collections of conciliado payments by value date (fecha_valor, else fecha_pago) per
 *   channel — counter payments `ventanilla_<canal>`, card `tarjeta`, approved reports `reportado`
 *   — and, apart, those marked as recuperación (a payment on a written-off credit: the item's
 *   `recuperacion: true` or canal `recuperacion`); disbursements per product by fecha_desembolso.
 */
import { diasEntre, TRAMOS_REPORTE } from '@cuota/shared';
import { enCartera } from '@cuota/shared/schemas/lending';
import { aggReportesKeys } from '#entities/agregados-reportes';
import { tramoMora } from './domain';

type Contribucion = Record<string, Record<string, number>>;
type Item = Record<string, unknown>;
interface Contexto {
  /** Business date of the change (YYYY-MM-DD). */
  fecha: string;
}

export type TramoReporte = (typeof TRAMOS_REPORTE)[number];
/** An estado or a channel becomes part of a field name: only plain lower-case words. */
const SEGMENTO = /^[a-z][a-z0-9_]{0,39}$/;
/** Product ids are ULIDs or seed codes: letters, digits, '-' and '_'. */
const PRODUCTO = /^[A-Za-z0-9_-]{1,64}$/;

const entero = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0);
const texto = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const fechaIso = (v: unknown): string | null => {
  const t = texto(v);
  return t && /^\d{4}-\d{2}-\d{2}/.test(t) ? t.slice(0, 10) : null;
};

function sumar(c: Contribucion, k: { pk: string; sk: string }, campos: Record<string, number>): void {
  const key = `${k.pk}|${k.sk}`;
  for (const [campo, valor] of Object.entries(campos)) {
    if (valor === 0) continue;
    const destino = (c[key] ??= {});
    destino[campo] = (destino[campo] ?? 0) + valor;
  }
}

/** Days late on `fecha`: the close's dias_mora_max, else from the oldest unpaid due date (as the dashboard counts). */
export function diasMora(credito: Item, fecha: string): number {
  if (typeof credito.dias_mora_max === 'number') return Math.max(0, Math.trunc(credito.dias_mora_max));
  const proximo = fechaIso(credito.proximo_vencimiento);
  return proximo && proximo < fecha ? diasEntre(proximo, fecha) : 0;
}

export const tramoReporte = (dias: number): TramoReporte => tramoMora(dias) ?? '0';

/** The collection channel a payment is reported under. */
export function categoriaRecaudo(pago: Item): string {
  const canal = texto(pago.canal) ?? '';
  if (texto(pago.numero_recibo)) return SEGMENTO.test(canal) ? `ventanilla_${canal}` : 'ventanilla_otro';
  if (canal === 'tarjeta_credito') return 'tarjeta';
  return 'reportado';
}

export const esRecuperacion = (pago: Item): boolean => pago.recuperacion === true || pago.canal === 'recuperacion';

function credito(c: Contribucion, item: Item, ctx: Contexto): void {
  const estado = texto(item.estado);
  if (!estado || !SEGMENTO.test(estado)) return;
  const capital = entero(item.saldo_capital_centimos);
  const mora = entero(item.saldo_mora_centimos);
  const activo = enCartera(estado);
  const dias = activo ? diasMora(item, ctx.fecha) : 0;
  sumar(c, aggReportesKeys.cartera(), {
    [`estado_${estado}_creditos`]: 1,
    [`estado_${estado}_capital_centimos`]: capital,
    [`estado_${estado}_mora_centimos`]: mora,
  });
  if (activo) {
    const tramo = tramoReporte(dias);
    sumar(c, aggReportesKeys.cartera(), { [`tramo_${tramo}_creditos`]: 1, [`tramo_${tramo}_capital_centimos`]: capital });
  }
  const desembolso = fechaIso(item.fecha_desembolso);
  if (!desembolso) return;
  const principal = entero(item.monto_principal_centimos);
  sumar(c, aggReportesKeys.cosecha(desembolso.slice(0, 7)), {
    desembolsos: 1,
    desembolsado_centimos: principal,
    [`estado_${estado}_creditos`]: 1,
    [`estado_${estado}_capital_centimos`]: capital,
    ...(activo
      ? {
          activo_capital_centimos: capital,
          mora30_creditos: dias > 30 ? 1 : 0,
          mora30_capital_centimos: dias > 30 ? capital : 0,
          mora90_creditos: dias > 90 ? 1 : 0,
          mora90_capital_centimos: dias > 90 ? capital : 0,
        }
      : {}),
  });
  const producto = texto(item.producto_id);
  const p = producto && PRODUCTO.test(producto) ? producto : 'sin_producto';
  sumar(c, aggReportesKeys.dia(desembolso), {
    [`colocacion_${p}_creditos`]: 1,
    [`colocacion_${p}_centimos`]: principal,
  });
}

function pago(c: Contribucion, item: Item): void {
  if (item.estado !== 'conciliado') return;
  const fecha = fechaIso(item.fecha_valor) ?? fechaIso(item.fecha_pago);
  if (!fecha) return;
  const monto = entero(item.monto_centimos);
  const categoria = categoriaRecaudo(item);
  sumar(c, aggReportesKeys.dia(fecha), { [`recaudo_${categoria}_pagos`]: 1, [`recaudo_${categoria}_centimos`]: monto });
  if (esRecuperacion(item)) sumar(c, aggReportesKeys.dia(fecha), { recuperacion_pagos: 1, recuperacion_centimos: monto });
}

/** What one entity, as it is now, adds to the report aggregates ("pk|sk" → field → amount, zeros left out). */
export function contribucionReportes(tipo: string, item: Item, ctx: Contexto): Contribucion {
  const c: Contribucion = {};
  if (tipo === 'credito') credito(c, item, ctx);
  else if (tipo === 'pago') pago(c, item);
  return c;
}
