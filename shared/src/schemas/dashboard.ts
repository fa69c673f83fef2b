import * as z from 'zod';
import { centimos, isoDate, paginationQuery } from './common';
import { clienteDelRegistroSchema, CREDITO_ESTADOS, SOLICITUD_ESTADOS } from './lending';

/**
 * Dashboard, monitoring and activity read models. Every figure comes from aggregates kept by the
 * stream consumer (functions/src/features/dashboard), read with a handful of GetItems.
 * Rates are decimal strings (e.g. "12.5"), money is integer céntimos.
 */

/** Arrears aging buckets (days the oldest unpaid cuota is overdue): 1–30, 31–60, 61–90, > 90. */
export const TRAMOS_MORA = ['1_30', '31_60', '61_90', 'mas_90'] as const;
export type TramoMora = (typeof TRAMOS_MORA)[number];

export const TIPOS_ACTIVIDAD = ['login', 'payment', 'approve', 'reject', 'create', 'update'] as const;

export const actividadSchema = z.object({
  id: z.string(),
  tipo_actividad: z.string(),
  descripcion: z.string(),
  user_id: z.string().nullable(),
  /** The staff profile's "nombre apellido", else the name stored with the entry. */
  user_nombre: z.string().nullable(),
  user_email: z.string().nullable(),
  created_at: z.string(),
});
export type Actividad = z.infer<typeof actividadSchema>;

/** `GET /api/actividad`: newest first, 10 by default (spec §9 monitoring). */
export const actividadQuery = paginationQuery.extend({ limit: paginationQuery.shape.limit.unwrap().default(10) });

export const alertaDashboardSchema = z.object({
  tipo: z.enum(['cartera_mora', 'solicitudes_antiguas']),
  titulo: z.string(),
  mensaje: z.string(),
});
export type AlertaDashboard = z.infer<typeof alertaDashboardSchema>;

export const solicitudPendienteSchema = z.object({
  id: z.string(),
  numero_solicitud: z.string(),
  ...clienteDelRegistroSchema.shape,
  producto_nombre: z.string().nullable(),
  monto_solicitado_centimos: centimos,
  plazo_meses: z.number().int(),
  estado: z.enum(SOLICITUD_ESTADOS),
  score: z.number().int().nullable(),
  riesgo_calculado: z.string().nullable(),
  created_at: z.string(),
  /** Whole days since created_at. */
  dias_sin_procesar: z.number().int(),
});
export type SolicitudPendiente = z.infer<typeof solicitudPendienteSchema>;

export const dashboardSchema = z.object({
  fecha_negocio: isoDate,
  tarjetas: z.object({
    /** Σ saldo_capital over vigente, al_dia and vencido. */
    cartera_activa_centimos: centimos,
    /** The same in millions of colones with one decimal, es-CR (formatMillions: ₡1 254,0 M). */
    cartera_activa_texto: z.string(),
    total_clientes: z.number().int(),
    solicitudes_pendientes: z.number().int(),
    /** Credits in the active portfolio (vigente + al_dia + vencido): the delinquency divisor. */
    creditos_activos: z.number().int(),
    creditos_vencidos: z.number().int(),
    /** creditos_vencidos / max(1, creditos_activos) × 100, one decimal, half-even: always within 0–100 (vencidos are part of the divisor). */
    tasa_morosidad: z.string(),
  }),
  alertas: z.array(alertaDashboardSchema),
  /** The 3 oldest pending (enviado, en_analisis) solicitudes. */
  solicitudes_pendientes: z.array(solicitudPendienteSchema),
  /** The 5 most recent activity entries. */
  actividad_reciente: z.array(actividadSchema),
  cartera: z.object({
    por_estado: z.array(
      z.object({ estado: z.enum(CREDITO_ESTADOS), creditos: z.number().int(), saldo_capital_centimos: centimos }),
    ),
    saldo_mora_centimos: centimos,
    creditos_con_mora: z.number().int(),
    /** Capital of credits more than 30 days late ÷ active portfolio, two decimals. */
    par30: z.object({ capital_centimos: centimos, porcentaje: z.string() }),
    aging: z.array(z.object({ tramo: z.enum(TRAMOS_MORA), creditos: z.number().int(), saldo_capital_centimos: centimos })),
  }),
  /** The last 12 months, oldest first: disbursed principal and collected (conciliado) payments. */
  mensual: z.array(
    z.object({
      mes: z.string().regex(/^\d{4}-\d{2}$/),
      desembolsos: z.number().int(),
      desembolsado_centimos: centimos,
      cobros: z.number().int(),
      cobrado_centimos: centimos,
    }),
  ),
  clientes: z.object({
    total: z.number().int(),
    nuevos_7_dias: z.number().int(),
    kyc_completo: z.number().int(),
    por_riesgo: z.object({
      bajo: z.number().int(),
      medio: z.number().int(),
      alto: z.number().int(),
      sin_riesgo: z.number().int(),
    }),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** `GET /api/monitoreo` (spec §2 Monitoreo Operativo cards). */
export const monitoreoSchema = z.object({
  fecha_negocio: isoDate,
  /** The caller's unread notifications. */
  alertas: z.number().int(),
  /** Every client record (spec §7: "count of all"). */
  clientes_activos: z.number().int(),
  solicitudes_pendientes: z.number().int(),
  /** Credits in estado vigente (spec §7: "count vigente"). */
  prestamos_vigentes: z.number().int(),
  /** Σ monto of conciliado pagos whose fecha_pago is today's business date. */
  pagos_recibidos_hoy_centimos: centimos,
  pagos_recibidos_hoy: z.number().int(),
  /** Σ saldo_mora over credits with saldo_mora > 0. */
  mora_total_centimos: centimos,
  creditos_con_mora: z.number().int(),
  clientes_nuevos_7_dias: z.number().int(),
});
export type Monitoreo = z.infer<typeof monitoreoSchema>;
