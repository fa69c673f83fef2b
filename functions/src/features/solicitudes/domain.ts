import {
  condicionesDelCredito,
  CREDIT_LINE_LIMIT_CENTIMOS,
  precioDelCredito,
  type PrecioCredito,
  type ProductoPrecio,
  METODOS_AMORTIZACION,
  tasaMoratoriaMaxima,
  type MetodoAmortizacion,
  type SOLICITUD_ESTADOS,
} from '@cuota/shared';
import { cuotaNueva } from '#entities/cuota';

/**
 * Pure rules of the solicitud lifecycle: transitions (spec §4), numbering, the credit line
 * and the disbursement plan. No I/O: the store turns these into one conditional TransactWrite.
 */

export type EstadoSolicitud = (typeof SOLICITUD_ESTADOS)[number];
export type AccionSolicitud = 'analizar' | 'aprobar' | 'rechazar' | 'desembolsar' | 'cancelar';

/**
 * Spec §4 "Solicitud estado": from enviado analyze, approve or reject; from en_analisis approve or
 * reject. Approval moves no money (lending-rules.md "Approval, disbursement, fees"): an approved
 * solicitud is then disbursed (→ desembolsado, its credit created) or its approval cancelled.
 */
export const TRANSICIONES: Readonly<Record<AccionSolicitud, { desde: readonly EstadoSolicitud[]; hacia: EstadoSolicitud }>> = {
  analizar: { desde: ['enviado'], hacia: 'en_analisis' },
  aprobar: { desde: ['enviado', 'en_analisis'], hacia: 'aprobado' },
  rechazar: { desde: ['enviado', 'en_analisis'], hacia: 'rechazado' },
  desembolsar: { desde: ['aprobado'], hacia: 'desembolsado' },
  cancelar: { desde: ['aprobado'], hacia: 'cancelado' },
};

/** enviado and en_analisis count as pending (spec §4). */
export const PENDIENTES: readonly EstadoSolicitud[] = ['enviado', 'en_analisis'];

export function puedeAplicar(estado: string, accion: AccionSolicitud): boolean {
  return (TRANSICIONES[accion].desde as readonly string[]).includes(estado);
}

// ---------------------------------------------------------------- numbering

/** Attempts per width before widening: 4 digits (1000–9999), then 5, then 6. */
export const INTENTOS_POR_ANCHO = 5;
export const INTENTOS_NUMERO_SOLICITUD = INTENTOS_POR_ANCHO * 3;

/**
 * numero_solicitud `SOL-{year}-{random digits}` (spec §3). A guard item makes it unique; on a
 * collision the caller retries with the next attempt. The first attempts draw 4 digits as the
 * spec says; when a year's 9 000 four-digit numbers are (nearly) used up, collisions make later
 * attempts widen to 5 and then 6 digits, so creation never stalls and the format stays readable.
 */
export function numeroSolicitud(year: string, intento: number, random: () => number): string {
  const digitos = 4 + Math.min(2, Math.floor(intento / INTENTOS_POR_ANCHO));
  const min = 10 ** (digitos - 1);
  const n = min + Math.floor(random() * (9 * min));
  return `SOL-${year}-${n}`;
}

/** numero_credito `CR-{year}-{sequence, 6 digits}`: one global sequence, so numbers never repeat. */
export function numeroCredito(year: string, secuencia: number): string {
  if (!Number.isSafeInteger(secuencia) || secuencia < 1) throw new RangeError('secuencia inválida');
  return `CR-${year}-${String(secuencia).padStart(6, '0')}`;
}

// ---------------------------------------------------------------- credit line

/** Spec §9: available = ₡3 000 000 − Σ saldo_capital of the client's credits (never below 0). */
export function lineaDisponible(usadoCentimos: number): number {
  return Math.max(0, CREDIT_LINE_LIMIT_CENTIMOS - usadoCentimos);
}

export function cabeEnLinea(usadoCentimos: number, montoCentimos: number): boolean {
  return usadoCentimos + montoCentimos <= CREDIT_LINE_LIMIT_CENTIMOS;
}

// ---------------------------------------------------------------- disbursement

export interface SolicitudParaDesembolso {
  id: string;
  cliente_id: string;
  producto_id: string;
  monto_solicitado_centimos: number;
  plazo_meses: number;
  /** The approved terms (absent on solicitudes approved before approval fixed them: the requested ones). */
  monto_aprobado_centimos?: number | null;
  plazo_aprobado_meses?: number | null;
}

/** What was approved: the approved amount and term, or the requested ones when none were recorded. */
export function terminosAprobados(s: SolicitudParaDesembolso): { monto: number; plazo: number } {
  return { monto: s.monto_aprobado_centimos ?? s.monto_solicitado_centimos, plazo: s.plazo_aprobado_meses ?? s.plazo_meses };
}

/** Why a disbursement is blocked unless overridden: no score (never analyzed) and a pending KYC. */
export type BloqueoDesembolso = 'sin_score' | 'kyc_pendiente';

export function bloqueosDesembolso(s: { score: number | null }, cliente: { kyc_completado: boolean }): BloqueoDesembolso[] {
  const b: BloqueoDesembolso[] = [];
  if (s.score === null || s.score === undefined) b.push('sin_score');
  if (!cliente.kyc_completado) b.push('kyc_pendiente');
  return b;
}

/** Days between two YYYY-MM-DD dates (UTC calendar days). */
export function diasEntreFechas(desde: string, hasta: string): number {
  return Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000);
}

/** A chosen first due date is within [min, max] days after the disbursement date. */
export function primerVencimientoValido(fechaDesembolso: string, primer: string, min: number, max: number): boolean {
  const d = diasEntreFechas(fechaDesembolso, primer);
  return d >= min && d <= max;
}

export interface ProductoParaDesembolso extends ProductoPrecio {
  id: string;
  codigo: string;
  nombre: string;
  tasa_interes_anual: string;
  metodo_amortizacion?: string | null;
  tasa_moratoria_anual?: string | null;
  dias_tolerancia?: number | null;
}

export type CreditoNuevo = {
  id: string;
  numero_credito: string;
  cliente_id: string;
  cliente_nombre: string;
  cliente_apellido: string;
  producto_id: string;
  producto_nombre: string;
  producto_codigo: string;
  monto_principal_centimos: number;
  saldo_capital_centimos: number;
  saldo_mora_centimos: number;
  total_pagado_centimos: number;
  tasa_interes_anual: string;
  plazo_meses: number;
  estado: 'vigente';
  fecha_desembolso: string;
  fecha_primer_vencimiento: string;
  proximo_vencimiento: string;
  metodo_amortizacion: MetodoAmortizacion;
  tasa_moratoria_anual: string;
  dias_tolerancia: number;
  solicitud_id: string;
  version: number;
  created_at: string;
} & Required<PrecioCredito>;

export type CuotaNueva = {
  id: string;
  credito_id: string;
  numero_cuota: number;
  fecha_vencimiento: string;
  monto_capital_centimos: number;
  monto_interes_centimos: number;
  monto_mora_centimos: number;
  monto_total_centimos: number;
  saldo_capital_despues_centimos: number;
  pagada: boolean;
  dias_mora: number;
  pagada_en: string | null;
};

/**
 * The credit and its full schedule for an approved solicitud (lending-rules.md "Disbursement"):
 * principal = the approved amount (plus the comisión de formalización when the product finances
 * it), rate and lending terms from the approved product as it is at disbursement, the approved
 * term, disbursed on the business date, first due date the one chosen at disbursement (default one
 * month later; a broken first period charged on its exact days), priced by the shared
 * condicionesDelCredito (fee, grace, cuota multiple, total cost, TAE) the previews use too.
 * A product without explicit terms gets what productos reads them as: cuota nivelada, the
 * art. 498 maximum moratoria (rate × 1.3) and no tolerance days.
 */
export function planDesembolso(input: {
  solicitud: SolicitudParaDesembolso;
  producto: ProductoParaDesembolso;
  cliente: { nombre: string; apellido: string };
  fechaNegocio: string;
  /** YYYY-MM-DD chosen at disbursement; absent: one month after the disbursement date. */
  fechaPrimerVencimiento?: string;
  secuencia: number;
  creditoId: string;
  cuotaId: (numero: number) => string;
  createdAt: string;
}): { credito: CreditoNuevo; cuotas: CuotaNueva[] } {
  const { solicitud: s, producto: p } = input;
  const metodo = (METODOS_AMORTIZACION as readonly string[]).includes(p.metodo_amortizacion ?? '')
    ? (p.metodo_amortizacion as MetodoAmortizacion)
    : 'cuota_nivelada';
  // no explicit first due date: the series stays anchored on the disbursement day, so a loan
  // disbursed on the 31st falls due 02-28, 03-31, 04-30… (amortizacion.ts fechasVencimiento)
  const { monto, plazo } = terminosAprobados(s);
  const condiciones = condicionesDelCredito({
    montoAprobadoCentimos: monto,
    tasaAnual: p.tasa_interes_anual,
    plazoMeses: plazo,
    metodo,
    fechaDesembolso: input.fechaNegocio,
    fechaPrimerVencimiento: input.fechaPrimerVencimiento,
    producto: p,
  });
  const plan = condiciones.cuotas;
  const principal = condiciones.principal_centimos;
  const fechaPrimerVencimiento = plan[0]!.fecha_vencimiento;
  const credito: CreditoNuevo = {
    id: input.creditoId,
    numero_credito: numeroCredito(input.fechaNegocio.slice(0, 4), input.secuencia),
    cliente_id: s.cliente_id,
    cliente_nombre: input.cliente.nombre,
    cliente_apellido: input.cliente.apellido,
    producto_id: p.id,
    producto_nombre: p.nombre,
    producto_codigo: p.codigo,
    monto_principal_centimos: principal,
    saldo_capital_centimos: principal,
    saldo_mora_centimos: 0,
    total_pagado_centimos: 0,
    tasa_interes_anual: p.tasa_interes_anual,
    plazo_meses: plazo,
    estado: 'vigente',
    fecha_desembolso: input.fechaNegocio,
    fecha_primer_vencimiento: fechaPrimerVencimiento,
    proximo_vencimiento: plan[0]!.fecha_vencimiento,
    metodo_amortizacion: metodo,
    tasa_moratoria_anual: p.tasa_moratoria_anual ?? tasaMoratoriaMaxima(p.tasa_interes_anual),
    dias_tolerancia: p.dias_tolerancia ?? 0,
    solicitud_id: s.id,
    version: 1,
    created_at: input.createdAt,
    ...precioDelCredito(condiciones),
  };
  const cuotas = plan.map((c) => cuotaNueva(c, credito.id, input.cuotaId(c.numero_cuota)));
  return { credito, cuotas };
}
