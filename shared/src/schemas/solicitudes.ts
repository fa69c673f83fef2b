import * as z from 'zod/mini';
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
    .check(z.trim(), z.minLength(1, message), z.maxLength(64, message), z.regex(/^[A-Za-z0-9_-]+$/, message));

const solicitudTerminos = {
  producto_id: ref(t.productoRequerido),
  monto_solicitado_centimos: z
    .number({ error: t.montoMinimo })
    .check(
      z.int(t.montoEntero),
      z.gte(SOLICITUD_MONTO_MIN_CENTIMOS, t.montoMinimo),
      z.lte(SOLICITUD_MONTO_MAX_CENTIMOS, t.montoMaximo),
    ),
  plazo_meses: z
    .number({ error: t.plazoMinimo })
    .check(z.int(t.plazoEntero), z.gte(SOLICITUD_PLAZO_MIN, t.plazoMinimo), z.lte(SOLICITUD_PLAZO_MAX, t.plazoMaximo)),
};

/** POST /api/solicitudes (staff, for a client). The product's ranges are hints only (spec §5). */
export const solicitudCrearSchema = z.object({ cliente_id: ref(t.clienteRequerido), ...solicitudTerminos });
export type SolicitudCrear = z.infer<typeof solicitudCrearSchema>;

/** POST /api/portal/solicitudes: the client is the caller's own, never taken from the body. */
export const solicitudPortalCrearSchema = z.object(solicitudTerminos);
export type SolicitudPortalCrear = z.infer<typeof solicitudPortalCrearSchema>;

/** POST /api/solicitudes/{id}/rechazar. The UI sends the fixed reason; it is also the default. */
export const solicitudRechazarSchema = z.object({
  motivo: z._default(
    z.string({ error: t.motivoCorto }).check(z.trim(), z.minLength(3, t.motivoCorto), z.maxLength(500, t.motivoLargo)),
    t.defaultRejectReason,
  ),
});

/** GET /api/solicitudes: `?estado=` one estado, `?pendientes=true` enviado + en_analisis. */
export const solicitudesQuery = z.extend(paginationQuery, {
  estado: z.optional(z.enum(SOLICITUD_ESTADOS, { error: t.estadoInvalido })),
  pendientes: z.optional(z.enum(['true', 'false'], { error: "pendientes debe ser 'true' o 'false'" })),
});

/** One line of the explainable scorecard (lending-rules.md "Scoring"). */
export const factorScoreSchema = z.object({
  codigo: z.string(),
  descripcion: z.string(),
  puntos: z.number().check(z.int()),
  motivo: z.string(),
});
export type FactorScore = z.infer<typeof factorScoreSchema>;

/** GET /api/solicitudes/{id}: the solicitud with the live client record and the product. */
export const solicitudDetalleSchema = z.extend(solicitudSchema, {
  factores: z.array(factorScoreSchema),
  credito_id: z.nullable(z.string()),
  numero_credito: z.nullable(z.string()),
  cliente: z.nullable(
    z.extend(
      clienteContactoSchema,
      z.pick(clienteSchema, { fecha_nacimiento: true, ciudad: true, kyc_completado: true, score_crediticio: true, riesgo: true })
        .shape,
    ),
  ),
  producto: z.nullable(
    z.object({
      id: z.string(),
      codigo: z.string(),
      nombre: z.string(),
      activo: z.boolean(),
      monto_minimo_centimos: z.number().check(z.int()),
      monto_maximo_centimos: z.number().check(z.int()),
      plazo_minimo_meses: z.number().check(z.int()),
      plazo_maximo_meses: z.number().check(z.int()),
      tasa_interes_anual: z.string(),
    }),
  ),
});
export type SolicitudDetalle = z.infer<typeof solicitudDetalleSchema>;

/**
 * analizar / aprobar / rechazar / desembolsar / cancelar (spec §7 RPC): `{ success, error?, message }`;
 * 409 carries success false; desembolsar also answers with the credit.
 */
export const solicitudAccionSchema = z.object({
  success: z.boolean(),
  error: z.optional(z.string()),
  message: z.string(),
  solicitud: z.optional(solicitudDetalleSchema),
  credito: z.optional(creditoSchema),
});
export type SolicitudAccion = z.infer<typeof solicitudAccionSchema>;

// ---------------------------------------------------------------- approval, disbursement, cancellation

/** POST /api/solicitudes/{id}/aprobar: every field optional, defaulting to what was requested. */
export const solicitudAprobarSchema = z.object({
  monto_aprobado_centimos: z.optional(
    z
      .number({ error: t.montoAprobadoInvalido })
      .check(z.int(t.montoEntero), z.positive(t.montoAprobadoInvalido), z.lte(SOLICITUD_MONTO_MAX_CENTIMOS, t.montoMaximo)),
  ),
  plazo_meses: z.optional(solicitudTerminos.plazo_meses),
  producto_id: z.optional(ref(t.productoRequerido)),
  condiciones: z.optional(z.string({ error: t.condicionesLargas }).check(z.trim(), z.maxLength(1000, t.condicionesLargas))),
});
export type SolicitudAprobar = z.infer<typeof solicitudAprobarSchema>;

export const CANALES_DESEMBOLSO = ['transferencia', 'sinpe_movil', 'cheque', 'efectivo'] as const;
export type CanalDesembolso = (typeof CANALES_DESEMBOLSO)[number];

/**
 * The first due date may be chosen between these many days after the disbursement date
 * (default: the disbursement date + 1 month). Fewer than 15 days leaves a first period too short
 * to be a month's cuota; more than 45 would be a hidden grace period.
 */
export const PRIMER_VENCIMIENTO_MIN_DIAS = 15;
export const PRIMER_VENCIMIENTO_MAX_DIAS = 45;
/** An explicit override of a missing score or a pending KYC needs a reason this long. */
export const OVERRIDE_MOTIVO_MIN = 10;

/** A Costa Rican IBAN: CR, 2 check digits, 18 digits, and a valid ISO 13616 mod-97 check. */
export function esIbanCostaRica(value: string): boolean {
  const iban = value.replace(/\s/g, '').toUpperCase();
  if (!/^CR\d{20}$/.test(iban)) return false;
  const reordenado = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let resto = 0;
  for (const d of reordenado) resto = (resto * 10 + Number(d)) % 97;
  return resto === 1;
}

/** A Costa Rican mobile number for SINPE Móvil: 8 digits starting 5–8, with or without +506. */
export function telefonoSinpe(value: string): string | null {
  const n = value.replace(/[-\s()]/g, '').replace(/^\+?506(?=\d{8}$)/, '');
  return /^[5-8]\d{7}$/.test(n) ? n : null;
}

const fechaIso = z.string({ error: t.fechaInvalida }).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, t.fechaInvalida),
  z.refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    t.fechaInvalida,
  ),
);

/** The api.md spellings `canal` and `motivo_excepcion` are read as canal_desembolso and override_motivo. */
function conAlias(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const v = { ...(value as Record<string, unknown>) };
  if (v.canal_desembolso === undefined && v.canal !== undefined) v.canal_desembolso = v.canal;
  if (v.override_motivo === undefined && v.motivo_excepcion !== undefined) v.override_motivo = v.motivo_excepcion;
  delete v.canal;
  delete v.motivo_excepcion;
  return v;
}

/** POST /api/solicitudes/{id}/desembolsar (with an Idempotency-Key header). */
export const solicitudDesembolsarSchema = z.pipe(
  z.transform(conAlias),
  z.pipe(
    z.object({
      fecha_primer_vencimiento: z.optional(fechaIso),
      canal_desembolso: z.enum(CANALES_DESEMBOLSO, { error: t.canalInvalido }),
      cuenta_destino: z.optional(z.string({ error: t.cuentaInvalida }).check(z.trim(), z.maxLength(64, t.cuentaInvalida))),
      override_motivo: z.optional(
        z
          .string({ error: t.overrideCorto })
          .check(z.trim(), z.minLength(OVERRIDE_MOTIVO_MIN, t.overrideCorto), z.maxLength(500, t.motivoLargo)),
      ),
    }),
    z.transform((b, ctx) => {
      const cuenta = b.cuenta_destino ?? '';
      if (b.canal_desembolso === 'transferencia') {
        if (!esIbanCostaRica(cuenta)) {
          ctx.issues.push({ code: 'custom', path: ['cuenta_destino'], message: t.ibanInvalido, input: b });
          return z.NEVER;
        }
        return { ...b, cuenta_destino: cuenta.replace(/\s/g, '').toUpperCase() };
      }
      if (b.canal_desembolso === 'sinpe_movil') {
        const tel = telefonoSinpe(cuenta);
        if (!tel) {
          ctx.issues.push({ code: 'custom', path: ['cuenta_destino'], message: t.telefonoSinpeInvalido, input: b });
          return z.NEVER;
        }
        return { ...b, cuenta_destino: tel };
      }
      return { ...b, cuenta_destino: cuenta || undefined };
    }),
  ),
);
export type SolicitudDesembolsar = z.infer<typeof solicitudDesembolsarSchema>;

/** POST /api/solicitudes/{id}/cancelar: an approved, not yet disbursed solicitud. */
export const solicitudCancelarSchema = z.object({
  motivo: z.string({ error: t.motivoCorto }).check(z.trim(), z.minLength(3, t.motivoCorto), z.maxLength(500, t.motivoLargo)),
});
