import type { CondicionesDelCreditoInput } from '../domain/condiciones';
import type { Cliente, CreditoDetalle, ProductoDetalle, CreditoPortal, DeudaCredito, Me, PagoDetalle, Solicitud } from '../index';

/**
 * The records the web tests start from: Ana Mora (client c1), her loan CR-2026-000001, a loan
 * request and a payment report. A test passes what it looks at as `cambios`, so the values its
 * assertions depend on stand in the test itself.
 */

/** Ana Mora with a portal account (u1), no KYC, no score. */
export function clienteDePrueba(cambios: Partial<Cliente> = {}): Cliente {
  return {
    id: 'c1',
    user_id: 'u1',
    nombre: 'Ana',
    apellido: 'Mora',
    email: 'ana@example.com',
    telefono: '+50688888888',
    identidad_tipo: 'cedula',
    identidad_numero: null,
    fecha_nacimiento: null,
    direccion: null,
    ciudad: null,
    pais: 'Costa Rica',
    riesgo: null,
    kyc_completado: false,
    score_crediticio: null,
    created_at: '2025-01-01T00:00:00Z',
    ...cambios,
  };
}

/** SOL-2026-0001: Ana asks ₡150 000 over 12 months for a Crédito Personal; sent, not analysed. */
export function solicitudDePrueba(cambios: Partial<Solicitud> = {}): Solicitud {
  return {
    id: 's1',
    numero_solicitud: 'SOL-2026-0001',
    cliente_id: 'c1',
    producto_id: 'p1',
    producto_nombre: 'Crédito Personal',
    cliente_nombre: 'Ana',
    cliente_apellido: 'Mora',
    cliente_email: 'ana@example.com',
    monto_solicitado_centimos: 150_000_00,
    plazo_meses: 12,
    estado: 'enviado',
    score: null,
    riesgo_calculado: null,
    analizado_en: null,
    motivo_rechazo: null,
    created_at: '2026-11-20T15:00:00Z',
    ...cambios,
  };
}

/** A loan with nothing owed today. */
export const SIN_DEUDA: DeudaCredito = {
  fecha: '2026-11-20',
  vencido: { capital_centimos: 0, interes_centimos: 0, mora_centimos: 0 },
  monto_al_dia_centimos: 0,
  cuotas_vencidas: 0,
  dias_mora: 0,
  proxima_cuota: null,
  total_adeudado_centimos: 0,
};

/**
 * A loan with cuotas overdue on the same day as SIN_DEUDA: what is overdue, and the rest of the debt.
 * The amount to be up to date is what is overdue (capital + interés + mora), as the server computes it.
 */
export function deudaVencida(
  vencido: DeudaCredito['vencido'],
  resto: Pick<DeudaCredito, 'cuotas_vencidas' | 'dias_mora' | 'proxima_cuota' | 'total_adeudado_centimos'>,
): DeudaCredito {
  const monto_al_dia_centimos = vencido.capital_centimos + vencido.interes_centimos + vencido.mora_centimos;
  return { ...SIN_DEUDA, vencido, monto_al_dia_centimos, ...resto };
}

/** The next cuota still to pay, as the debt names it. */
export function proximaCuota(numero_cuota: number, fecha_vencimiento: string, monto_pendiente_centimos: number) {
  return { numero_cuota, fecha_vencimiento, monto_pendiente_centimos };
}

/** CR-2026-000001: ₡1 000 000 over 12 months at 24 %, ₡750 000 still owed; up to date. */
export function creditoDePrueba(cambios: Partial<CreditoPortal> = {}): CreditoPortal {
  return {
    id: 'k1',
    numero_credito: 'CR-2026-000001',
    cliente_id: 'c1',
    cliente_nombre: 'Ana',
    cliente_apellido: 'Mora',
    producto_id: 'p1',
    producto_nombre: 'Microcrédito Emprendedor',
    producto_codigo: 'MICR-01',
    monto_principal_centimos: 100_000_000,
    saldo_capital_centimos: 75_000_000,
    saldo_mora_centimos: 0,
    tasa_interes_anual: '24.00',
    plazo_meses: 12,
    estado: 'al_dia',
    fecha_desembolso: '2026-06-16',
    fecha_primer_vencimiento: '2026-07-16',
    created_at: '2026-06-16T15:00:00Z',
    deuda: SIN_DEUDA,
    ...cambios,
  };
}

/** Ana Caja (u1), signed in as staff with the given roles. */
export function staffDePrueba(roles: Me['roles'], cambios: Partial<Me> = {}): Me {
  return { userId: 'u1', email: 'u@cuota.cr', nombre: 'Ana', apellido: 'Caja', roles, cliente: null, ...cambios };
}

/** CR-2026-000001 (cr1) as the staff credit detail reads it: ₡1 000 000, ₡800 000 owed, vigente, nothing overdue. */
export function creditoDetalleDePrueba(cambios: Partial<CreditoDetalle> = {}): CreditoDetalle {
  return {
    id: 'cr1',
    numero_credito: 'CR-2026-000001',
    cliente_id: 'cl1',
    cliente_nombre: 'Ana',
    cliente_apellido: 'Mora',
    producto_id: 'p1',
    producto_nombre: 'Microcrédito',
    producto_codigo: 'ME',
    monto_principal_centimos: 100_000_000,
    saldo_capital_centimos: 80_000_000,
    saldo_mora_centimos: 0,
    tasa_interes_anual: '24.00',
    plazo_meses: 12,
    estado: 'vigente',
    fecha_desembolso: '2026-01-10',
    fecha_primer_vencimiento: '2026-02-10',
    created_at: '2026-01-10T00:00:00Z',
    solicitud_id: null,
    metodo_amortizacion: 'frances',
    tasa_moratoria_anual: null,
    dias_tolerancia: 3,
    proximo_vencimiento: null,
    total_pagado_centimos: 0,
    progreso_pago: '20',
    cliente: null,
    producto: null,
    deuda: {
      fecha: '2026-03-12',
      vencido: { capital_centimos: 0, interes_centimos: 0, mora_centimos: 0 },
      monto_al_dia_centimos: 0,
      cuotas_vencidas: 0,
      dias_mora: 0,
      proxima_cuota: null,
      total_adeudado_centimos: 80_000_000,
    },
    ...cambios,
  };
}

/** A ₡25 000 SINPE Móvil report for CR-2026-0007, waiting to be reconciled. */
export function pagoDePrueba(cambios: Partial<PagoDetalle> = {}): PagoDetalle {
  return {
    id: 'pg1',
    credito_id: 'cr1',
    numero_credito: 'CR-2026-0007',
    cliente_id: 'c1',
    cliente_nombre: 'Carolina Mora',
    monto_centimos: 2_500_000,
    fecha_pago: '2026-11-20',
    fecha_valor: null,
    referencia_pago: 'SINPE-555',
    referencia_externa: null,
    canal: 'sinpe_movil',
    estado: 'registrado',
    moneda: 'CRC',
    aplicado_capital_centimos: 0,
    aplicado_interes_centimos: 0,
    aplicado_mora_centimos: 0,
    created_at: '2026-11-20T10:00:00Z',
    cuenta_destino_id: null,
    cuenta_destino: null,
    ...cambios,
  };
}

/**
 * A lender's pricing (docs/lending-engine.md "Pricing"): 24 %, a 3 % formalisation fee deducted at
 * disbursement, 2 months of capital grace, cuotas in multiples of ₡100. ₡500 000 over 12 months:
 * cuota ₡55 700 (₡55 297,75 the last), fee ₡15 000, net ₡485 000, total cost ₡91 597,75, TAE 33,54 %.
 */
export const precioDePrueba = {
  tasa_interes_anual: '24.00',
  comision_formalizacion_tipo: 'porcentaje',
  comision_formalizacion_valor: '3.00',
  comision_formalizacion_modalidad: 'deducida',
  meses_gracia: 2,
  multiplo_cuota: 100,
} as const;

/** precioDePrueba's worked example as condicionesDelCredito takes it: ₡500 000 at 24 % over 12 months, cuota nivelada. */
export const condicionesDePrueba = {
  montoAprobadoCentimos: 500_000_00,
  tasaAnual: precioDePrueba.tasa_interes_anual,
  plazoMeses: 12,
  metodo: 'cuota_nivelada',
  fechaDesembolso: '2026-11-25',
  producto: precioDePrueba,
} as const satisfies CondicionesDelCreditoInput;

/** Crédito Personal (p1): ₡100 000 to ₡3 000 000 over 3 to 36 months at 24 %, cuota nivelada, no fee. */
export function productoDePrueba(cambios: Partial<ProductoDetalle> = {}): ProductoDetalle {
  return {
    id: 'p1',
    codigo: 'PER',
    nombre: 'Crédito Personal',
    descripcion: null,
    monto_minimo_centimos: 100_000_00,
    monto_maximo_centimos: 3_000_000_00,
    plazo_minimo_meses: 3,
    plazo_maximo_meses: 36,
    tasa_interes_anual: '24.00',
    activo: true,
    created_at: '2025-01-01T00:00:00Z',
    metodo_amortizacion: 'cuota_nivelada',
    tasa_moratoria_anual: '31.20',
    dias_tolerancia: 0,
    es_microcredito: false,
    updated_at: null,
    ...cambios,
  };
}
