import type { PagoDetalle } from '@cuota/shared';
import { byDate, ENTITY, stripKeys, type Entity, type Guardado } from './comun';
import { hijosDeCliente, PREFIJO_HIJO } from './cliente';
import { itemUnico } from './unico';

/** A pago as stored: its API record plus who reported it and, once processed, who processed it. */
export type PagoGuardado = PagoDetalle & {
  reportado_por?: string | null;
  procesado_por?: string | null;
  /** A reversal (conciliado → reversado): who undid it. */
  reversado_por?: string | null;
};
export type PagoItem = Guardado<PagoGuardado, typeof ENTITY.pago>;
/** A pago leaving registrado: its new estado and what the transition records. */
export type CambiosPago = Partial<PagoGuardado> & { estado: PagoDetalle['estado'] };

export const clavePago = (id: string) => ({ pk: `PAGO#${id}`, sk: 'PAGO' });
/** gsi2: a credit's payments newest first. */
export const particionPagosCredito = (creditoId: string) => `CREDITO#${creditoId}#PAGOS`;
/** gsi3: one partition per estado. */
export const particionPagosEstado = (estado: string) => `PAGOS#${estado}`;
/** The sort-key prefix of a client's payments among its children (gsi1 CLIENTE#id). */
export const pagosDeCliente = () => PREFIJO_HIJO.pago;

/** The stored item of a pago (fixtures may give only some of its fields). */
export const itemPago = (p: PagoGuardado | (Entity & { cliente_id: string; credito_id: string; estado: string })): PagoItem => ({
  ...(stripKeys(p as Entity) as unknown as PagoGuardado),
  ...clavePago(p.id),
  tipo: ENTITY.pago,
  gsi1pk: hijosDeCliente(p.cliente_id),
  gsi1sk: `${PREFIJO_HIJO.pago}${byDate(p.created_at, p.id)}`,
  gsi2pk: particionPagosCredito(p.credito_id),
  gsi2sk: byDate(p.created_at, p.id),
  gsi3pk: particionPagosEstado(p.estado),
  gsi3sk: byDate(p.created_at, p.id),
});

/** A pago item as it was stored, its key and index attributes removed (no defaults added). */
export const pagoDeItem = (item: Record<string, unknown>): PagoGuardado => stripKeys(item) as unknown as PagoGuardado;

/** The stored pago (or its item) as the API shows it; older items read with the defaults of newer fields. */
export function pagoAApi(item: PagoGuardado | Record<string, unknown>): PagoDetalle {
  const p = stripKeys(item as Record<string, unknown>) as unknown as PagoGuardado;
  return { ...p, cuenta_destino_id: p.cuenta_destino_id ?? null, cuenta_destino: p.cuenta_destino ?? null };
}

/** A pago as its own client sees it: which staff member processed or reversed it is internal. */
export function pagoParaCliente(item: PagoGuardado | Record<string, unknown>): PagoDetalle {
  const { procesado_por: _p, reversado_por: _r, ...p } = item as PagoGuardado;
  return pagoAApi(p);
}

// ---------------------------------------------------------------- receipts of counter payments

/** The last receipt number handed out in a year (one sequence per year, like credit numbers). */
export const claveSecuenciaRecibo = (anio: string) => ({ pk: `SECUENCIA#RECIBO#${anio}`, sk: 'SECUENCIA' });
export const itemSecuenciaRecibo = (anio: string, valor: number) => ({
  ...claveSecuenciaRecibo(anio),
  tipo: ENTITY.secuencia,
  valor,
});
/** Guard that keeps receipt numbers unique (put in the payment's own transaction). */
export const claveUnicoRecibo = (numero: string) => ({ pk: `UNICO#RECIBO_NUMERO#${numero}`, sk: 'UNICO' });
export const itemUnicoRecibo = (numero: string, pagoId: string) => itemUnico(claveUnicoRecibo(numero), { pago_id: pagoId });

/** RC-2026-000123: the year of the business date and the sequence, 6 digits at least. */
export function numeroRecibo(anio: string, secuencia: number): string {
  if (!Number.isSafeInteger(secuencia) || secuencia < 1) throw new RangeError('secuencia inválida');
  return `RC-${anio}-${String(secuencia).padStart(6, '0')}`;
}
