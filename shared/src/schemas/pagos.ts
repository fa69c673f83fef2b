import * as z from 'zod/mini';
import { pagosTexts } from '../texts/pagos';
import { pagoVentanillaTexts } from '../texts/pagoVentanilla';
import { portalPagosTexts } from '../texts/portalPagos';
import { cursorLista, isoDate, limiteLista } from './common';
import { aplicacionPagoSchema, PAGO_ESTADOS, pagoSchema } from './lending';

const t = pagosTexts;

/** Business dates (payments, closes) live in this range; year 0 or 9999 is a typo or a probe, not a date to act on. */
export const FECHA_NEGOCIO_MIN = '2000-01-01';
export const FECHA_NEGOCIO_MAX = '2099-12-31';

function fechaValida(iso: string): boolean {
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso) && iso >= FECHA_NEGOCIO_MIN && iso <= FECHA_NEGOCIO_MAX;
}

/** Spec §5: 'El monto es requerido' when missing, 'Debe ser un monto válido mayor a 0' otherwise. Integer céntimos. */
const montoCentimos = z
  .number({
    error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? t.montoRequerido : t.montoInvalido),
  })
  .check(z.int(t.montoInvalido), z.positive(t.montoInvalido), z.lte(Number.MAX_SAFE_INTEGER, t.montoInvalido));

const creditoId = z
  .string({ error: t.creditoRequerido })
  .check(
    z.trim(),
    z.minLength(1, t.creditoRequerido),
    z.maxLength(64, t.creditoNoEncontrado),
    z.regex(/^[A-Za-z0-9_-]+$/, t.creditoNoEncontrado),
  );

/** The day the customer paid, as typed (AAAA-MM-DD): required and a real calendar date. */
const fechaPago = z
  .pipe(z.string({ error: t.fechaRequerida }).check(z.trim(), z.minLength(1, t.fechaRequerida)), isoDate)
  .check(z.refine(fechaValida, t.fechaInvalida));

const opcional = (max: number, message: string) =>
  z.pipe(
    z.nullish(z.string({ error: message }).check(z.trim(), z.maxLength(max, message))),
    z.transform((s) => (s ? s : null)),
  );

/** A payment beyond what is due: reducir_plazo (same cuota, shorter term) or reducir_cuota (same term, lower cuota). */
export const EXCEDENTES = ['reducir_plazo', 'reducir_cuota'] as const;
export type ExcedentePago = (typeof EXCEDENTES)[number];

/**
 * Report a payment (spec §5 "Report-payment form"). fecha_pago is the day the customer paid;
 * that it is not in the future (business date in the `timezone` setting) and not before the
 * credit's disbursement is checked by the server, which knows both.
 */
export const pagoReportarSchema = z.object({
  credito_id: creditoId,
  monto_centimos: montoCentimos,
  fecha_pago: fechaPago,
  canal: z
    .string({ error: t.canalRequerido })
    .check(z.trim(), z.minLength(1, t.canalRequerido), z.maxLength(40, t.canalNoDisponible)),
  /** Optional; the server generates PAGO-{timestamp} when empty. */
  referencia_pago: opcional(50, t.referenciaLarga),
  referencia_externa: opcional(100, t.referenciaExternaLarga),
  /** What to do with what exceeds what is due (lending-engine.md "Prepayment choice"). */
  excedente: z.optional(z.enum(EXCEDENTES)),
});
export type PagoReportar = z.infer<typeof pagoReportarSchema>;
export type PagoReportarInput = z.input<typeof pagoReportarSchema>;

/** Luhn (mod 10) check digit of a card number made of digits only. */
export function luhnValido(digitos: string): boolean {
  if (!/^\d+$/.test(digitos)) return false;
  let suma = 0;
  for (let i = 0; i < digitos.length; i++) {
    let d = digitos.charCodeAt(digitos.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    suma += d;
  }
  return suma % 10 === 0;
}

/** A card's MM/YY is valid through the last day of that month. */
export function tarjetaVencida(mes: string, anio: string, hoy: Date = new Date()): boolean {
  const y = 2000 + Number(anio);
  const m = Number(mes);
  const actual = hoy.getUTCFullYear() * 12 + hoy.getUTCMonth();
  return y * 12 + (m - 1) < actual;
}

function vencimientoNoPasado(v: { mes_expiracion: string; anio_expiracion: string }, ctx: z.core.$RefinementCtx): void {
  if (/^(0[1-9]|1[0-2])$/.test(v.mes_expiracion) && /^\d{2}$/.test(v.anio_expiracion)) {
    if (tarjetaVencida(v.mes_expiracion, v.anio_expiracion)) {
      ctx.addIssue({ code: 'custom', path: ['anio_expiracion'], message: t.tarjeta.vencida });
    }
  }
}

/**
 * The card fields of the portal's card payment form (spec §5 "Card payment form", plus a Luhn
 * check and expiry not past). CLIENT SIDE ONLY: the browser validates the card with it and then
 * sends the server nothing of the card but its last four digits (pagoTarjetaDesdeFormulario).
 * The amount is the form's own field (colones → céntimos), validated like the report form's.
 */
export const tarjetaFormSchema = z
  .object({
    numero_tarjeta: z.pipe(
      z.pipe(
        z.string({ error: t.tarjeta.numero }),
        z.transform((s) => s.replace(/[\s-]/g, '')),
      ),
      z.string().check(z.regex(/^\d{16,19}$/, t.tarjeta.numero), z.refine(luhnValido, t.tarjeta.numero)),
    ),
    nombre_titular: z
      .string({ error: t.tarjeta.titular })
      .check(z.trim(), z.minLength(3, t.tarjeta.titular), z.maxLength(100, t.tarjeta.titular)),
    mes_expiracion: z
      .string({ error: t.tarjeta.mes })
      .check(z.length(2, t.tarjeta.mes), z.regex(/^(0[1-9]|1[0-2])$/, t.tarjeta.mes)),
    anio_expiracion: z.string({ error: t.tarjeta.anio }).check(z.length(2, t.tarjeta.anio), z.regex(/^\d{2}$/, t.tarjeta.anio)),
    cvv: z
      .string({ error: t.tarjeta.cvvRequerido })
      .check(z.minLength(1, t.tarjeta.cvvRequerido), z.regex(/^\d{3,4}$/, t.tarjeta.cvvInvalido)),
  })
  .check(z.superRefine(vencimientoNoPasado));
export type TarjetaForm = z.infer<typeof tarjetaFormSchema>;
export type TarjetaFormInput = z.input<typeof tarjetaFormSchema>;

/**
 * POST /api/portal/pagos/tarjeta body. Card data never leaves the browser: only the last four
 * digits travel, as the payment's reference ('**** 1234'). The object is strict, so a body that
 * still carries the number, CVV, expiry or holder is refused (400) instead of silently accepted.
 */
export const pagoTarjetaSchema = z.strictObject(
  {
    credito_id: creditoId,
    monto_centimos: montoCentimos,
    tarjeta_ultimos4: z
      .string({ error: portalPagosTexts.servidor.ultimos4 })
      .check(z.regex(/^\d{4}$/, portalPagosTexts.servidor.ultimos4)),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? portalPagosTexts.servidor.datosTarjeta : undefined) },
);
export type PagoTarjeta = z.infer<typeof pagoTarjetaSchema>;
export type PagoTarjetaInput = z.input<typeof pagoTarjetaSchema>;

/** The card payment's body from a validated card form: the card reduced to its last 4 digits. */
export function pagoTarjetaDesdeFormulario(creditoId: string, montoCentimos: number, tarjeta: TarjetaForm): PagoTarjeta {
  return { credito_id: creditoId, monto_centimos: montoCentimos, tarjeta_ultimos4: tarjeta.numero_tarjeta.slice(-4) };
}

/** A pago as the reconciliation screen and the portal show it: the read model plus the destination account. */
export const pagoDetalleSchema = z.extend(pagoSchema, {
  excedente: z.optional(z.enum(EXCEDENTES)),
  cuenta_destino_id: z.nullable(z.string()),
  cuenta_destino: z.nullable(z.object({ banco: z.string(), numero_cuenta: z.string() })),
  conciliado_en: z.optional(z.string()),
  revertido_en: z.optional(z.string()),
  motivo_rechazo: z.optional(z.nullable(z.string())),
  /** Counter payments: the note staff wrote, the cashier's name, the capital balance the receipt shows. */
  nota: z.optional(z.nullable(z.string())),
  cajero: z.optional(z.nullable(z.string())),
  saldo_capital_despues_centimos: z.optional(z.nullable(z.number().check(z.int()))),
});
export type PagoDetalle = z.infer<typeof pagoDetalleSchema>;

/** Reconciliation lists (spec §2): pending (registrado) or processed (conciliado + revertido, newest 50 by default). */
export const PAGOS_FILTROS = ['registrado', 'procesados'] as const;
export const pagosQuery = z.object({
  estado: z._default(z.enum(PAGOS_FILTROS, { error: t.estadoFiltro }), 'registrado'),
  /** Defaults to 25 for pending and 50 for processed (spec §9 "Processed payments list: 50"). */
  limit: z.optional(limiteLista),
  cursor: cursorLista,
});

/**
 * Approval (registrado → conciliado). The payment takes effect on its value date: the fecha_pago
 * the customer reported, unless staff give the bank's date (fecha_valor), never after today.
 */
export const pagoAprobarSchema = z.object({
  fecha_valor: z.optional(isoDate.check(z.refine(fechaValida, t.fechaInvalida))),
});

export const pagoRechazarSchema = z.object({
  motivo: z.nullish(z.string({ error: t.motivoLargo }).check(z.trim(), z.maxLength(500, t.motivoLargo))),
});

/** Close of business on demand (admin): a business date, default today, never in the future. */
export const cierreDiarioSchema = z.object({
  fecha: z.optional(isoDate.check(z.refine(fechaValida, t.fechaInvalida))),
});

export const cierreFechaSchema = z.object({
  fecha: z.string(),
  estado: z.enum(['cerrado', 'ya_cerrado', 'en_curso']),
  creditos_revisados: z.number().check(z.int()),
  creditos_actualizados: z.number().check(z.int()),
  mora_devengada_centimos: z.number().check(z.int()),
  avisos_vencimiento: z.number().check(z.int()),
  recordatorios: z.number().check(z.int()),
  /** Numbers of the credits the close could not recompute (incomplete or inconsistent data): not written, logged. */
  creditos_con_error: z._default(z.array(z.string()), []),
});
/** One call's progress: the dates it closed, how many are still pending up to `hasta` (0: caught up). */
export const cierreDiarioResultadoSchema = z.object({
  hasta: z.string(),
  fechas: z.array(cierreFechaSchema),
  pendientes: z.number().check(z.int()),
  ultimo_cierre: z.nullable(z.string()),
});
export type CierreDiarioResultado = z.infer<typeof cierreDiarioResultadoSchema>;

/** GET /api/cierre-diario: the business date, the last date fully closed and how many dates are pending up to today. */
export const cierreDiarioEstadoSchema = z.object({
  fecha_negocio: z.string(),
  ultimo_cierre: z.nullable(z.string()),
  pendientes: z.number().check(z.int()),
});
export type CierreDiarioEstado = z.infer<typeof cierreDiarioEstadoSchema>;
export type CierreFecha = z.infer<typeof cierreFechaSchema>;

/** Reconciliation summary (spec §2): pending count and total, and payments reconciled today (maintained aggregates). */
export const pagosResumenSchema = z.object({
  fecha: z.string(),
  pendientes: z.number().check(z.int()),
  pendientes_centimos: z.number().check(z.int()),
  conciliados_hoy: z.number().check(z.int()),
  conciliados_hoy_centimos: z.number().check(z.int()),
});
export type PagosResumen = z.infer<typeof pagosResumenSchema>;

// ---------------------------------------------------------------- counter payments and reversals (issue 15 §3)

const tv = pagoVentanillaTexts;

/** How a payment reached the counter. Every channel but cash needs its reference. */
export const CANALES_VENTANILLA = ['efectivo', 'cheque', 'transferencia', 'sinpe_movil'] as const;
export type CanalVentanilla = (typeof CANALES_VENTANILLA)[number];

/**
 * POST /api/creditos/{id}/pagos: staff record a payment received (value date fecha_pago, not
 * in the future nor before the disbursement: checked by the server, which knows both).
 */
export const pagoVentanillaSchema = z
  .object({
    monto_centimos: montoCentimos,
    fecha_pago: fechaPago,
    canal: z.enum(CANALES_VENTANILLA, { error: tv.canalInvalido }),
    referencia: opcional(50, tv.referenciaLarga),
    nota: opcional(500, tv.notaLarga),
    /** What a payment beyond what is due does: shortens the term (default) or lowers the cuotas. */
    excedente: z.optional(z.enum(EXCEDENTES)),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.canal !== 'efectivo' && !v.referencia) {
        ctx.addIssue({ code: 'custom', path: ['referencia'], message: tv.referenciaRequerida(tv.canales[v.canal]) });
      }
    }),
  );
export type PagoVentanilla = z.infer<typeof pagoVentanillaSchema>;
export type PagoVentanillaInput = z.input<typeof pagoVentanillaSchema>;

/** POST /api/pagos/{id}/revertir (admin): why an applied payment is undone. */
export const pagoRevertirSchema = z.object({
  motivo: z
    .string({ error: tv.motivoRequerido })
    .check(z.trim(), z.minLength(10, tv.motivoRequerido), z.maxLength(500, tv.motivoLargo)),
});
export type PagoRevertir = z.infer<typeof pagoRevertirSchema>;

/** What a printable receipt shows (GET /api/pagos/{id}/recibo and the portal's own). */
export const reciboPagoSchema = z.object({
  prestamista: z.string(),
  numero_recibo: z.nullable(z.string()),
  pago_id: z.string(),
  estado: z.enum(PAGO_ESTADOS),
  cliente_nombre: z.string(),
  cliente_identificacion: z.nullable(z.string()),
  numero_credito: z.string(),
  fecha_emision: z.string(),
  fecha_valor: z.nullable(z.string()),
  monto_centimos: z.number().check(z.int()),
  canal: z.string(),
  referencia: z.nullable(z.string()),
  ...aplicacionPagoSchema.shape,
  saldo_capital_despues_centimos: z.nullable(z.number().check(z.int())),
  cajero: z.nullable(z.string()),
  reversado_en: z.nullable(z.string()),
  motivo_reversion: z.nullable(z.string()),
});
export type ReciboPago = z.infer<typeof reciboPagoSchema>;
