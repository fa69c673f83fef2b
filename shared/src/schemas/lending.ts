import * as z from 'zod/mini';

/** Read models of the lending entities (issue 3 adds their write schemas and rules). */
export const SOLICITUD_ESTADOS = [
  'borrador',
  'enviado',
  'en_analisis',
  'aprobado',
  'rechazado',
  'cancelado',
  'desembolsado',
] as const;
/**
 * castigado: written off (docs/riesgo.md): out of the active portfolio; later payments are recoveries.
 * refinanciado: cancelled by a new credit (docs/lending-engine.md "Refinanciamiento"); closed like cancelado.
 */
export const CREDITO_ESTADOS = ['vigente', 'al_dia', 'vencido', 'cancelado', 'castigado', 'refinanciado'] as const;
/** The estados of a credit still in the active portfolio (being collected); every other estado is closed. */
export const CREDITO_ESTADOS_EN_CARTERA = ['vigente', 'al_dia', 'vencido'] as const;
export const enCartera = (estado: unknown): boolean => (CREDITO_ESTADOS_EN_CARTERA as readonly unknown[]).includes(estado);
/** revertido: a reported payment staff rejected; reversado: an applied payment undone (issue 15 §3). */
export const PAGO_ESTADOS = ['registrado', 'conciliado', 'revertido', 'reversado'] as const;

/** How a payment was applied, in the order it is applied: mora, then interés, then capital. */
export const aplicacionPagoSchema = z.object({
  aplicado_mora_centimos: z.number().check(z.int()),
  aplicado_interes_centimos: z.number().check(z.int()),
  aplicado_capital_centimos: z.number().check(z.int()),
});

/** The client a record belongs to, by id and name. */
export const clienteDelRegistroSchema = z.object({
  cliente_id: z.string(),
  cliente_nombre: z.string(),
  cliente_apellido: z.string(),
});

export const solicitudSchema = z.object({
  id: z.string(),
  numero_solicitud: z.string(),
  cliente_id: z.string(),
  producto_id: z.string(),
  producto_nombre: z.nullable(z.string()),
  cliente_nombre: z.string(),
  cliente_apellido: z.string(),
  cliente_email: z.string(),
  monto_solicitado_centimos: z.number().check(z.int()),
  plazo_meses: z.number().check(z.int()),
  estado: z.enum(SOLICITUD_ESTADOS),
  score: z.nullable(z.number().check(z.int())),
  riesgo_calculado: z.nullable(z.enum(['bajo', 'medio', 'alto'])),
  analizado_en: z.nullable(z.string()),
  motivo_rechazo: z.nullable(z.string()),
  created_at: z.string(),
  /** Set by the approval (lending-rules.md "Approval, disbursement, fees"): what was approved. */
  monto_aprobado_centimos: z.optional(z.nullable(z.number().check(z.int()))),
  plazo_aprobado_meses: z.optional(z.nullable(z.number().check(z.int()))),
  producto_aprobado_id: z.optional(z.nullable(z.string())),
  producto_aprobado_nombre: z.optional(z.nullable(z.string())),
  condiciones: z.optional(z.nullable(z.string())),
  aprobado_en: z.optional(z.nullable(z.string())),
  desembolsado_en: z.optional(z.nullable(z.string())),
  cancelado_en: z.optional(z.nullable(z.string())),
  motivo_cancelacion: z.optional(z.nullable(z.string())),
});
export type Solicitud = z.infer<typeof solicitudSchema>;

export const creditoSchema = z.object({
  id: z.string(),
  numero_credito: z.string(),
  ...clienteDelRegistroSchema.shape,
  producto_id: z.string(),
  producto_nombre: z.nullable(z.string()),
  producto_codigo: z.nullable(z.string()),
  monto_principal_centimos: z.number().check(z.int()),
  saldo_capital_centimos: z.number().check(z.int()),
  saldo_mora_centimos: z.number().check(z.int()),
  tasa_interes_anual: z.string(),
  plazo_meses: z.number().check(z.int()),
  estado: z.enum(CREDITO_ESTADOS),
  fecha_desembolso: z.nullable(z.string()),
  fecha_primer_vencimiento: z.nullable(z.string()),
  created_at: z.string(),
  /** A refinanciamiento links both credits: the new one on the old (refinanciado), the old one on the new. */
  refinanciado_por_id: z.nullish(z.string()),
  refinanciado_por_numero: z.nullish(z.string()),
  credito_origen_id: z.nullish(z.string()),
  credito_origen_numero: z.nullish(z.string()),
});
export type Credito = z.infer<typeof creditoSchema>;

export const cuotaSchema = z.object({
  id: z.string(),
  credito_id: z.string(),
  numero_cuota: z.number().check(z.int()),
  fecha_vencimiento: z.string(),
  monto_capital_centimos: z.number().check(z.int()),
  monto_interes_centimos: z.number().check(z.int()),
  monto_mora_centimos: z.number().check(z.int()),
  monto_total_centimos: z.number().check(z.int()),
  saldo_capital_despues_centimos: z.number().check(z.int()),
  pagada: z.boolean(),
  dias_mora: z.number().check(z.int()),
});
export type Cuota = z.infer<typeof cuotaSchema>;

export const pagoSchema = z.object({
  id: z.string(),
  credito_id: z.string(),
  numero_credito: z.string(),
  cliente_id: z.string(),
  cliente_nombre: z.string(),
  monto_centimos: z.number().check(z.int()),
  fecha_pago: z.string(),
  fecha_valor: z.nullable(z.string()),
  referencia_pago: z.string(),
  referencia_externa: z.nullable(z.string()),
  canal: z.string(),
  estado: z.enum(PAGO_ESTADOS),
  moneda: z.literal('CRC'),
  aplicado_capital_centimos: z.number().check(z.int()),
  aplicado_interes_centimos: z.number().check(z.int()),
  aplicado_mora_centimos: z.number().check(z.int()),
  created_at: z.string(),
  /** Counter payments: the receipt number (RC-2026-000123); null or absent for reported ones. */
  numero_recibo: z.optional(z.nullable(z.string())),
  reversado_en: z.optional(z.nullable(z.string())),
  motivo_reversion: z.optional(z.nullable(z.string())),
  /** A payment on a castigado credit: a recovery of what was written off (docs/riesgo.md). */
  recuperacion: z.optional(z.boolean()),
});
export type Pago = z.infer<typeof pagoSchema>;

export const productoSchema = z.object({
  id: z.string(),
  codigo: z.string(),
  nombre: z.string(),
  descripcion: z.nullable(z.string()),
  monto_minimo_centimos: z.number().check(z.int()),
  monto_maximo_centimos: z.number().check(z.int()),
  plazo_minimo_meses: z.number().check(z.int()),
  plazo_maximo_meses: z.number().check(z.int()),
  tasa_interes_anual: z.string(),
  activo: z.boolean(),
  created_at: z.string(),
});
export type Producto = z.infer<typeof productoSchema>;
