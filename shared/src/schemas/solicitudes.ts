import * as z from 'zod';
import { solicitudesTexts } from '../texts/solicitudes';
import { clienteContactoSchema, clienteSchema } from './cliente';
import { paginationQuery } from './common';
import { creditoSchema, SOLICITUD_ESTADOS, solicitudSchema } from './lending';

const t = solicitudesTexts;

/** Spec §5 "Solicitud form" and §9: term 1–60 months, minimum amount 100 (₡100 = 10 000 céntimos). */
export const SOLICITUD_PLAZO_MIN = 1;
export const SOLICITUD_PLAZO_MAX = 60;
export const SOLICITUD_MONTO_MIN_CENTIMOS = 100_00;
/** Not in the spec: a sanity bound (₡100 000 000) far above the ₡3 000 000 credit line. */
export const SOLICITUD_MONTO_MAX_CENTIMOS = 100_000_000_00;

const ref = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(64, message)
    .regex(/^[A-Za-z0-9_-]+$/, message);

const solicitudTerminos = {
  producto_id: ref(t.productoRequerido),
  monto_solicitado_centimos: z
    .number({ error: t.montoMinimo })
    .int(t.montoEntero)
    .min(SOLICITUD_MONTO_MIN_CENTIMOS, t.montoMinimo)
    .max(SOLICITUD_MONTO_MAX_CENTIMOS, t.montoMaximo),
  plazo_meses: z
    .number({ error: t.plazoMinimo })
    .int(t.plazoEntero)
    .min(SOLICITUD_PLAZO_MIN, t.plazoMinimo)
    .max(SOLICITUD_PLAZO_MAX, t.plazoMaximo),
};

/** POST /api/solicitudes (staff, for a client). The product's ranges are hints only (spec §5). */
export const solicitudCrearSchema = z.object({ cliente_id: ref(t.clienteRequerido), ...solicitudTerminos });
export type SolicitudCrear = z.infer<typeof solicitudCrearSchema>;

/** POST /api/portal/solicitudes: the client is the caller's own, never taken from the body. */
export const solicitudPortalCrearSchema = z.object(solicitudTerminos);
export type SolicitudPortalCrear = z.infer<typeof solicitudPortalCrearSchema>;

/** POST /api/solicitudes/{id}/rechazar. The UI sends the fixed reason; it is also the default. */
export const solicitudRechazarSchema = z.object({
  motivo: z.string({ error: t.motivoCorto }).trim().min(3, t.motivoCorto).max(500, t.motivoLargo).default(t.defaultRejectReason),
});

/** GET /api/solicitudes: `?estado=` one estado, `?pendientes=true` enviado + en_analisis. */
export const solicitudesQuery = paginationQuery.extend({
  estado: z.enum(SOLICITUD_ESTADOS, { error: t.estadoInvalido }).optional(),
  pendientes: z.enum(['true', 'false'], { error: "pendientes debe ser 'true' o 'false'" }).optional(),
});

/** One line of the explainable scorecard (lending-rules.md "Scoring"). */
export const factorScoreSchema = z.object({
  codigo: z.string(),
  descripcion: z.string(),
  puntos: z.number().int(),
  motivo: z.string(),
});
export type FactorScore = z.infer<typeof factorScoreSchema>;

/** GET /api/solicitudes/{id}: the solicitud with the live client record and the product. */
export const solicitudDetalleSchema = solicitudSchema.extend({
  factores: z.array(factorScoreSchema),
  credito_id: z.string().nullable(),
  numero_credito: z.string().nullable(),
  cliente: clienteContactoSchema
    .extend(
      clienteSchema.pick({ fecha_nacimiento: true, ciudad: true, kyc_completado: true, score_crediticio: true, riesgo: true })
        .shape,
    )
    .nullable(),
  producto: z
    .object({
      id: z.string(),
      codigo: z.string(),
      nombre: z.string(),
      activo: z.boolean(),
      monto_minimo_centimos: z.number().int(),
      monto_maximo_centimos: z.number().int(),
      plazo_minimo_meses: z.number().int(),
      plazo_maximo_meses: z.number().int(),
      tasa_interes_anual: z.string(),
    })
    .nullable(),
});
export type SolicitudDetalle = z.infer<typeof solicitudDetalleSchema>;

/** analizar / aprobar / rechazar (spec §7 RPC): `{ success, error?, message }`; 409 carries success false. */
export const solicitudAccionSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  message: z.string(),
  solicitud: solicitudDetalleSchema.optional(),
  credito: creditoSchema.optional(),
});
export type SolicitudAccion = z.infer<typeof solicitudAccionSchema>;
