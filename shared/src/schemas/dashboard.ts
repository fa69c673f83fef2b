import * as z from 'zod/mini';
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
  user_id: z.nullable(z.string()),
  /** The staff profile's "nombre apellido", else the name stored with the entry. */
  user_nombre: z.nullable(z.string()),
  user_email: z.nullable(z.string()),
  created_at: z.string(),
});
export type Actividad = z.infer<typeof actividadSchema>;

/** The activity feed's views: one kind, or 'operaciones' (every kind but sign-ins). */
export const FILTROS_ACTIVIDAD = ['operaciones', ...TIPOS_ACTIVIDAD] as const;
export type FiltroActividad = (typeof FILTROS_ACTIVIDAD)[number];

/**
 * `GET /api/actividad`: newest first, 10 by default (spec §9 monitoring); `?tipo=` one kind or
 * 'operaciones' (all but sign-ins), `?usuario=` what one user did; without them, everything.
 */
export const actividadQuery = z.extend(paginationQuery, {
  limit: z._default(paginationQuery.shape.limit.def.innerType, 10),
  tipo: z.optional(z.enum(FILTROS_ACTIVIDAD, { error: 'Tipo de actividad inválido' })),
  usuario: z.optional(z.string().check(z.trim(), z.minLength(1, 'Usuario inválido'), z.maxLength(128, 'Usuario inválido'))),
});
export type ActividadQuery = z.infer<typeof actividadQuery>;

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
  producto_nombre: z.nullable(z.string()),
  monto_solicitado_centimos: centimos,
  plazo_meses: z.number().check(z.int()),
  estado: z.enum(SOLICITUD_ESTADOS),
  score: z.nullable(z.number().check(z.int())),
  riesgo_calculado: z.nullable(z.string()),
  created_at: z.string(),
  /** Whole days since created_at. */
  dias_sin_procesar: z.number().check(z.int()),
});
export type SolicitudPendiente = z.infer<typeof solicitudPendienteSchema>;

export const dashboardSchema = z.object({
  fecha_negocio: isoDate,
  tarjetas: z.object({
    /** Σ saldo_capital over vigente, al_dia and vencido. */
    cartera_activa_centimos: centimos,
    /** The same in millions of colones with one decimal, es-CR (formatMillions: ₡1 254,0 M). */
    cartera_activa_texto: z.string(),
    total_clientes: z.number().check(z.int()),
    solicitudes_pendientes: z.number().check(z.int()),
    /** Credits in the active portfolio (vigente + al_dia + vencido): the delinquency divisor. */
    creditos_activos: z.number().check(z.int()),
    creditos_vencidos: z.number().check(z.int()),
    /** creditos_vencidos / max(1, creditos_activos) × 100, one decimal, half-even: always within 0–100 (vencidos are part of the divisor). */
    tasa_morosidad: z.string(),
  }),
  alertas: z.array(alertaDashboardSchema),
  /** The 3 oldest pending (enviado, en_analisis) solicitudes. */
  solicitudes_pendientes: z.array(solicitudPendienteSchema),
  /** The 5 most recent activity entries, sign-ins left out. */
  actividad_reciente: z.array(actividadSchema),
  cartera: z.object({
    por_estado: z.array(
      z.object({ estado: z.enum(CREDITO_ESTADOS), creditos: z.number().check(z.int()), saldo_capital_centimos: centimos }),
    ),
    saldo_mora_centimos: centimos,
    creditos_con_mora: z.number().check(z.int()),
    /** Capital of credits more than 30 days late ÷ active portfolio, two decimals. */
    par30: z.object({ capital_centimos: centimos, porcentaje: z.string() }),
    aging: z.array(
      z.object({ tramo: z.enum(TRAMOS_MORA), creditos: z.number().check(z.int()), saldo_capital_centimos: centimos }),
    ),
  }),
  /** The last 12 months, oldest first: disbursed principal and collected (conciliado) payments. */
  mensual: z.array(
    z.object({
      mes: z.string().check(z.regex(/^\d{4}-\d{2}$/)),
      desembolsos: z.number().check(z.int()),
      desembolsado_centimos: centimos,
      cobros: z.number().check(z.int()),
      cobrado_centimos: centimos,
    }),
  ),
  clientes: z.object({
    total: z.number().check(z.int()),
    nuevos_7_dias: z.number().check(z.int()),
    kyc_completo: z.number().check(z.int()),
    por_riesgo: z.object({
      bajo: z.number().check(z.int()),
      medio: z.number().check(z.int()),
      alto: z.number().check(z.int()),
      sin_riesgo: z.number().check(z.int()),
    }),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** `GET /api/monitoreo` (spec §2 Monitoreo Operativo cards). */
export const monitoreoSchema = z.object({
  fecha_negocio: isoDate,
  /** The caller's unread notifications. */
  alertas: z.number().check(z.int()),
  /** Every client record (spec §7: "count of all"). */
  clientes_activos: z.number().check(z.int()),
  solicitudes_pendientes: z.number().check(z.int()),
  /** Credits in estado vigente (spec §7: "count vigente"). */
  prestamos_vigentes: z.number().check(z.int()),
  /** Σ monto of conciliado pagos whose fecha_pago is today's business date. */
  pagos_recibidos_hoy_centimos: centimos,
  pagos_recibidos_hoy: z.number().check(z.int()),
  /** Σ saldo_mora over credits with saldo_mora > 0. */
  mora_total_centimos: centimos,
  creditos_con_mora: z.number().check(z.int()),
  clientes_nuevos_7_dias: z.number().check(z.int()),
});
export type Monitoreo = z.infer<typeof monitoreoSchema>;
