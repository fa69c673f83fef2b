import * as z from 'zod/mini';
import { clienteContactoSchema, lineaCreditoSchema, RIESGOS } from './cliente';
import { centimos, isoDate, LARGO_MAXIMO_BUSQUEDA, paginationQuery } from './common';
import { aplicacionPagoSchema, CREDITO_ESTADOS, creditoSchema, cuotaSchema } from './lending';
import { precioCreditoSchema } from './productos';

/** GET /api/creditos: `?q=` prefix search by número or client name, `?estado=`. */
export const creditosQuery = z.extend(paginationQuery, {
  q: z.optional(z.string().check(z.trim(), z.maxLength(LARGO_MAXIMO_BUSQUEDA, 'La búsqueda es demasiado larga'))),
  estado: z.optional(z.enum(CREDITO_ESTADOS, { error: 'Estado inválido' })),
});

/**
 * What a credit owes on the business date `fecha` (functions/src/features/creditos/deuda.ts),
 * in integer céntimos. The screens show these amounts as given and never recompute them.
 */
export const deudaCreditoSchema = z.object({
  /** The business date the amounts are for. */
  fecha: isoDate,
  /** Unpaid parts of the cuotas due before `fecha` (a cuota due on `fecha` is the next one, not overdue). */
  vencido: z.object({
    capital_centimos: centimos,
    interes_centimos: centimos,
    mora_centimos: centimos,
  }),
  /** Monto para ponerse al día: everything overdue, mora included. 0 when nothing is overdue. */
  monto_al_dia_centimos: centimos,
  cuotas_vencidas: z.number().check(z.int(), z.gte(0)),
  /** Days the oldest overdue cuota is late on `fecha` (0 when nothing is overdue). */
  dias_mora: z.number().check(z.int(), z.gte(0)),
  /** The first unpaid cuota due on or after `fecha`, with what is still pending of it. */
  proxima_cuota: z.nullable(
    z.object({ numero_cuota: z.number().check(z.int()), fecha_vencimiento: isoDate, monto_pendiente_centimos: centimos }),
  ),
  /** The most a payment may be on `fecha`: all mora, the interest due and all capital left. */
  total_adeudado_centimos: centimos,
});
export type DeudaCredito = z.infer<typeof deudaCreditoSchema>;

/** GET /api/portal/creditos: each own credit with what it owes today. */
export const creditoPortalSchema = z.extend(creditoSchema, { deuda: deudaCreditoSchema, ...precioCreditoSchema.shape });
export type CreditoPortal = z.infer<typeof creditoPortalSchema>;

/** GET /api/creditos/{id} (and the portal's own credit). */
export const creditoDetalleSchema = z.extend(creditoSchema, {
  solicitud_id: z.nullable(z.string()),
  metodo_amortizacion: z.string(),
  tasa_moratoria_anual: z.nullable(z.string()),
  dias_tolerancia: z.number().check(z.int()),
  proximo_vencimiento: z.nullable(z.string()),
  total_pagado_centimos: z.number().check(z.int()),
  /** Σ conciliado pagos ÷ principal × 100, one decimal, as a decimal string ("45.3"). */
  progreso_pago: z.string(),
  cliente: z.nullable(clienteContactoSchema),
  producto: z.nullable(z.object({ id: z.string(), nombre: z.string(), codigo: z.string() })),
  deuda: deudaCreditoSchema,
  ...precioCreditoSchema.shape,
});
export type CreditoDetalle = z.infer<typeof creditoDetalleSchema>;

export const comprobanteSchema = z.object({
  pago_id: z.string(),
  referencia_pago: z.string(),
  referencia_externa: z.nullable(z.string()),
  fecha_pago: z.string(),
  fecha_valor: z.nullable(z.string()),
  canal: z.string(),
  monto_centimos: z.number().check(z.int()),
  ...aplicacionPagoSchema.shape,
  conciliado_en: z.nullable(z.string()),
});

/** GET /api/creditos/{id}/documentos: what the printable contract and receipts are built from. */
export const creditoDocumentosSchema = z.object({
  prestamista: z.object({ nombre: z.string() }),
  fecha_emision: z.string(),
  contrato: z.object({
    numero_credito: z.string(),
    estado: z.enum(CREDITO_ESTADOS),
    cliente: z.nullable(
      z.extend(clienteContactoSchema, { direccion: z.nullable(z.string()), ciudad: z.nullable(z.string()), pais: z.string() }),
    ),
    producto: z.nullable(z.object({ id: z.string(), nombre: z.string(), codigo: z.string() })),
    terminos: z.object({
      monto_principal_centimos: z.number().check(z.int()),
      tasa_interes_anual: z.string(),
      tasa_moratoria_anual: z.nullable(z.string()),
      plazo_meses: z.number().check(z.int()),
      metodo_amortizacion: z.string(),
      dias_tolerancia: z.number().check(z.int()),
      fecha_desembolso: z.nullable(z.string()),
      fecha_primer_vencimiento: z.nullable(z.string()),
      ...precioCreditoSchema.shape,
    }),
    resumen_cuotas: z.object({
      cantidad: z.number().check(z.int()),
      primera_cuota_centimos: z.number().check(z.int()),
      total_capital_centimos: z.number().check(z.int()),
      total_intereses_centimos: z.number().check(z.int()),
      total_a_pagar_centimos: z.number().check(z.int()),
      fecha_ultimo_vencimiento: z.nullable(z.string()),
    }),
  }),
  comprobantes: z.array(comprobanteSchema),
});
export type CreditoDocumentos = z.infer<typeof creditoDocumentosSchema>;

/** An unpaid cuota on the portal summary; `alerta` per spec §2: due within 7 days or past due. */
export const cuotaProximaSchema = z.extend(cuotaSchema, {
  numero_credito: z.string(),
  alerta: z.nullable(z.enum(['vencida', 'proxima'])),
});

/** GET /api/portal/resumen. */
export const portalResumenSchema = z.object({
  fecha_negocio: z.string(),
  cliente: z.object({
    id: z.string(),
    nombre: z.string(),
    apellido: z.string(),
    kyc_completado: z.boolean(),
    riesgo: z.nullable(z.enum(RIESGOS)),
  }),
  score: z.nullable(z.number().check(z.int())),
  linea_credito: lineaCreditoSchema,
  creditos_activos: z.number().check(z.int()),
  proximas_cuotas: z.array(cuotaProximaSchema),
});
export type PortalResumen = z.infer<typeof portalResumenSchema>;

export const DOCUMENTO_TIPOS = ['contrato', 'tabla_amortizacion', 'comprobante'] as const;

/** GET /api/portal/documentos: references; the data comes from the `ruta` given. */
export const documentoRefSchema = z.object({
  tipo: z.enum(DOCUMENTO_TIPOS),
  titulo: z.string(),
  credito_id: z.string(),
  numero_credito: z.string(),
  pago_id: z.nullable(z.string()),
  fecha: z.nullable(z.string()),
  ruta: z.string(),
});
export type DocumentoRef = z.infer<typeof documentoRefSchema>;

/** How far ahead a payoff may be asked for (days after the business date). */
export const LIQUIDACION_DIAS_MAXIMOS = 60;

/** GET …/creditos/{id}/liquidacion: `?fecha=` the value date of the payoff (default: the business date). */
export const liquidacionQuery = z.object({
  fecha: z.optional(
    isoDate.check(
      z.refine((iso) => {
        const d = new Date(`${iso}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
      }, 'Fecha inválida (AAAA-MM-DD)'),
    ),
  ),
});

/**
 * The payoff (liquidación) of a credit on `fecha` (functions/src/features/cierre/liquidacion.ts):
 * a payment of `total_centimos` with that value date cancels the credit with nothing left.
 */
export const liquidacionSchema = z.object({
  fecha: isoDate,
  /** Capital of the cuotas not yet due on `fecha`. */
  capital_pendiente_centimos: centimos,
  /** Interest of the current period accrued to `fecha` on capital_pendiente (actual/365). */
  interes_corriente_centimos: centimos,
  /** Unpaid interest of the cuotas due on or before `fecha`. */
  interes_vencido_centimos: centimos,
  /** Unpaid capital of the cuotas due on or before `fecha`. */
  capital_vencido_centimos: centimos,
  /** Unpaid moratory interest accrued to `fecha`. */
  mora_centimos: centimos,
  total_centimos: centimos,
  /** Days of current interest charged. */
  dias_interes: z.number().check(z.int(), z.gte(0)),
});
export type Liquidacion = z.infer<typeof liquidacionSchema>;
