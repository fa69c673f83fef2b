import type { MetodoAmortizacion } from '../domain/amortizacion';
import type { ModalidadComision, TipoComision } from '../domain/condiciones';
import type { DOCUMENTO_TIPOS } from '../schemas/creditos';
import type { IDENTIDAD_TIPOS } from '../schemas/cliente';
import type { CanalVentanilla } from '../schemas/pagos';
import type { CanalDesembolso } from '../schemas/solicitudes';

/**
 * The label people read for a stored code: one map per code list, used by every screen, document
 * and export that shows the value (`sinpe_movil` → 'SINPE Móvil'). `etiquetas.test.ts` checks that
 * every value of every code list shown to people has its label here or in its area's map.
 */

/**
 * Payment and disbursement channels. The channels of reported payments are the codes of the
 * configured payment methods (an admin may add one), so the map also names the seeded ones and
 * `etiquetaCanal` reads any other code as words rather than showing it raw.
 */
export const canalTexts = {
  efectivo: 'Efectivo',
  cheque: 'Cheque',
  transferencia: 'Transferencia bancaria',
  sinpe_movil: 'SINPE Móvil',
  deposito: 'Depósito bancario',
  tarjeta_credito: 'Tarjeta de crédito',
} as const satisfies Record<CanalVentanilla | CanalDesembolso | 'deposito' | 'tarjeta_credito', string>;

/** The label of a payment channel code; an unknown one as words ('pago_movil' → 'Pago movil'). */
export function etiquetaCanal(codigo: string | null | undefined): string {
  return etiquetaDe(canalTexts, codigo);
}

/**
 * A code's label from its map, for a value typed as any string (documents, exports): an unknown
 * code reads as words, none as '—'.
 */
export function etiquetaDe(mapa: Readonly<Record<string, string>>, codigo: string | null | undefined): string {
  if (!codigo) return '—';
  return mapa[codigo] ?? etiquetaLegible(codigo);
}

/** A code nobody gave a label yet, as words: underscores to spaces, first letter upper-case. */
export function etiquetaLegible(codigo: string): string {
  const palabras = codigo.replace(/[_-]+/g, ' ').trim();
  return palabras.charAt(0).toUpperCase() + palabras.slice(1);
}

export const metodoAmortizacionTexts = {
  cuota_nivelada: 'Cuota nivelada',
  capital_constante: 'Capital constante',
} as const satisfies Record<MetodoAmortizacion, string>;

export const documentoTipoTexts = {
  contrato: 'Contrato de crédito',
  tabla_amortizacion: 'Tabla de amortización',
  comprobante: 'Comprobante de pago',
} as const satisfies Record<(typeof DOCUMENTO_TIPOS)[number], string>;

export const identidadTipoTexts = {
  cedula: 'Cédula',
  pasaporte: 'Pasaporte',
  dni: 'DNI',
} as const satisfies Record<(typeof IDENTIDAD_TIPOS)[number], string>;

export const tipoComisionTexts = {
  porcentaje: 'Porcentaje del monto',
  fija: 'Monto fijo',
} as const satisfies Record<TipoComision, string>;

export const modalidadComisionTexts = {
  deducida: 'Deduce del desembolso',
  financiada: 'Financia (se suma al principal)',
} as const satisfies Record<ModalidadComision, string>;

/** TEXTS.etiquetas: see ../texts.ts. */
export const etiquetasTexts = {
  canal: canalTexts,
  metodoAmortizacion: metodoAmortizacionTexts,
  documentoTipo: documentoTipoTexts,
  identidadTipo: identidadTipoTexts,
  tipoComision: tipoComisionTexts,
  modalidadComision: modalidadComisionTexts,
} as const;
