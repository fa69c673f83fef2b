import { ulid } from 'ulid';
import { ENTITY, type TableItem } from './comun';
import { particionCredito } from './credito';

export const PREFIJO_MOVIMIENTO = 'MOV#';
/**
 * A credit's ledger, in its own partition (read with the credit in one consistent query): each
 * applied payment at its value date, and the audited adjustments its application caused.
 */
/** A new ledger entry's identity: a ULID of the moment it is written, its credit, its value date and that moment. */
export const nuevoAsiento = (creditoId: string, fechaValor: string, now: Date) => ({
  id: ulid(now.getTime()),
  credito_id: creditoId,
  fecha_valor: fechaValor,
  created_at: now.toISOString(),
});

export const claveMovimiento = (creditoId: string, fechaValor: string, id: string) => ({
  pk: particionCredito(creditoId),
  sk: `${PREFIJO_MOVIMIENTO}${fechaValor}#${id}`,
});

/** What a payment's split was (or becomes) when a re-allocation records it. */
export interface SplitAplicado {
  mora: number;
  interes: number;
  capital: number;
}

/** A ledger movement as stored: an applied payment ('pago') or an adjustment it caused. */
export interface MovimientoGuardado {
  id: string;
  credito_id: string;
  fecha_valor: string;
  created_at: string;
  /** 'reversion': an applied payment undone; the engine no longer replays a 'pago' that has one. */
  tipo_movimiento:
    'pago' | 'ajuste_mora' | 'reaplicacion' | 'reversion' | 'reprogramacion' | 'reestructuracion' | 'refinanciamiento';
  pago_id: string;
  monto_centimos: number;
  registrado_por?: string;
  referencia_pago?: string;
  aplicado_mora_centimos?: number;
  aplicado_interes_centimos?: number;
  aplicado_capital_centimos?: number;
  detalle?: string;
  antes?: SplitAplicado;
  despues?: SplitAplicado;
  /** The credit's schedule generation (its `reestructuraciones`) when the movement was written. */
  calendario?: number;
  /** A pago's choice for what exceeds what is due (the replay re-amortises with it). */
  excedente?: 'reducir_plazo' | 'reducir_cuota';
  /** 'reprogramacion': the cuotas whose schedule amounts changed, before and after. */
  /** 'reestructuracion': its record, and the balances before and after (reestructuracion feature). */
  reestructuracion_id?: string;
  /** 'refinanciamiento': the new credit (on the old one's ledger), the old one and the no-cash canal (on the new one's). */
  credito_nuevo_id?: string;
  credito_origen_id?: string;
  canal_desembolso?: string;
  antes_saldos?: Record<string, number>;
  despues_saldos?: Record<string, number | string>;
  cuotas?: Array<{
    numero_cuota: number;
    antes: { capital: number; interes: number };
    despues: { capital: number; interes: number };
  }>;
}

/** A credit's ledger movement: an applied payment or an audited adjustment. */
export const itemMovimiento = (m: MovimientoGuardado): TableItem => ({
  ...m,
  ...claveMovimiento(m.credito_id, m.fecha_valor, m.id),
  tipo: ENTITY.movimiento,
});

/**
 * The disbursement: the first movement of a credit's ledger, at its fecha_desembolso. It records
 * where the money went (canal, cuenta) and any override of a block; replays of the credit
 * (cierre) read only 'pago' movements, so it changes no balance computation.
 */
export interface MovimientoDesembolso {
  id: string;
  credito_id: string;
  fecha_valor: string;
  created_at: string;
  tipo_movimiento: 'desembolso';
  monto_centimos: number;
  /** The comisión de formalización (deducted or financed; 0 when the product has none) and what the customer receives. */
  comision_centimos: number;
  neto_centimos: number;
  canal_desembolso: string;
  cuenta_destino: string | null;
  solicitud_id: string;
  registrado_por: string;
  motivo_excepcion: string | null;
}

export const itemMovimientoDesembolso = (m: MovimientoDesembolso): TableItem => ({
  ...m,
  ...claveMovimiento(m.credito_id, m.fecha_valor, m.id),
  tipo: ENTITY.movimiento,
});

/**
 * A write-off ('castigo': the balance taken out of the active portfolio, by component) or a
 * payment received on a written-off credit ('recuperacion', its split over what was written off).
 * The engine replays only 'pago' movements, so neither changes a replay (docs/riesgo.md).
 */
export interface MovimientoCastigo {
  id: string;
  credito_id: string;
  fecha_valor: string;
  created_at: string;
  tipo_movimiento: 'castigo' | 'recuperacion';
  monto_centimos: number;
  capital_centimos: number;
  interes_centimos: number;
  mora_centimos: number;
  registrado_por: string;
  detalle: string;
  pago_id?: string;
}

export const itemMovimientoCastigo = (m: MovimientoCastigo): TableItem => ({
  ...m,
  ...claveMovimiento(m.credito_id, m.fecha_valor, m.id),
  tipo: ENTITY.movimiento,
});
