import * as z from 'zod/mini';
import { configuracionTexts } from '../texts/configuracion';
import { metodosPagoTexts } from '../texts/metodosPago';
import { riesgoTexts } from '../texts/riesgo';
import { esCategoriaRiesgo, porcentajesValidos, umbralesValidos } from '../domain/riesgo';
import { centesimasDePorcentaje, porcentajeSchema } from './productos';

const t = configuracionTexts;

export const CATEGORIAS_CONFIGURACION = ['general', 'pagos'] as const;
export const TIPOS_DATO_CONFIGURACION = ['boolean', 'password', 'text'] as const;
export type CategoriaConfiguracion = (typeof CATEGORIAS_CONFIGURACION)[number];
export type TipoDatoConfiguracion = (typeof TIPOS_DATO_CONFIGURACION)[number];

/** An IANA zone the runtime knows ("Area/Location" or UTC), stored in its canonical spelling. */
function zonaCanonica(value: string): string | null {
  if (value !== 'UTC' && !value.includes('/')) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const booleano = z.enum(['true', 'false'], { error: t.booleano });

const tasaUsura = porcentajeSchema(t.valor, t.tasaUsura).check(
  z.refine((s) => {
    const c = centesimasDePorcentaje(s);
    return c >= 1n && c <= 10_000n;
  }, t.tasaUsura),
);

const clave = (prefijos: string[], message: string) =>
  z.string().check(
    z.trim(),
    z.maxLength(255, t.demasiadoLargo),
    z.refine((s) => s === '' || prefijos.some((p) => s.startsWith(p)), message),
  );

/**
 * The settings the product knows (spec §2 Configuración, §9 well-known keys), with their
 * category, data type, default and how a new value is validated. A key outside this list does
 * not exist (PUT answers 404); a key not yet stored reads as its default.
 */
export const CONFIGURACION_CONOCIDA = {
  timezone: {
    categoria: 'general',
    tipo_dato: 'text',
    valor: 'America/Costa_Rica',
    schema: z.pipe(
      z.string().check(z.trim()),
      z.transform((s, ctx) => {
        const zona = zonaCanonica(s);
        if (!zona) {
          ctx.issues.push({ code: 'custom', message: t.zonaHoraria, input: s });
          return z.NEVER;
        }
        return zona;
      }),
    ),
  },
  /*
   * Usury caps (Ley 7472 art. 36 bis): the BCCR publishes the maximum annual rate for credit in
   * general and for microcredit every January and July; an administrator updates these then.
   * The defaults are values of a recent publication, not a live feed.
   */
  tasa_usura_credito_anual: { categoria: 'general', tipo_dato: 'text', valor: '37.13', schema: tasaUsura },
  tasa_usura_microcredito_anual: { categoria: 'general', tipo_dato: 'text', valor: '51.71', schema: tasaUsura },
  /* Disbursement controls (docs/lending-engine.md "Approval and disbursement"). */
  desembolso_analista: { categoria: 'general', tipo_dato: 'boolean', valor: 'false', schema: booleano },
  maker_checker: { categoria: 'general', tipo_dato: 'boolean', valor: 'false', schema: booleano },
  allow_credit_card_payments: { categoria: 'pagos', tipo_dato: 'boolean', valor: 'false', schema: booleano },
  payment_reflection_hours: {
    categoria: 'pagos',
    tipo_dato: 'text',
    valor: '48',
    schema: z.pipe(
      z
        .pipe(z.string().check(z.trim(), z.regex(/^\d{1,3}$/, t.horasReflejo)), z.transform(Number))
        .check(z.refine((h) => h <= 168, t.horasReflejo)),
      z.transform(String),
    ),
  },
  /* Risk categories, provisions and write-off (docs/riesgo.md); defaults modelled on SUGEF 1-05. */
  riesgo_umbrales_dias: {
    categoria: 'general',
    tipo_dato: 'text',
    valor: '0,30,45,60,75,90,120',
    schema: z.pipe(
      z.string().check(z.refine((s) => umbralesValidos(s) !== null, riesgoTexts.umbrales)),
      z.transform((s) => umbralesValidos(s)!.join(',')),
    ),
  },
  riesgo_porcentajes_estimacion: {
    categoria: 'general',
    tipo_dato: 'text',
    valor: '0.5,2,5,10,25,50,75,100',
    schema: z.pipe(
      z.string().check(z.refine((s) => porcentajesValidos(s) !== null, riesgoTexts.porcentajes)),
      z.transform((s) => porcentajesValidos(s)!.join(',')),
    ),
  },
  riesgo_categoria_minima_reestructurado: {
    categoria: 'general',
    tipo_dato: 'text',
    valor: 'B1',
    schema: z.string().check(z.trim(), z.toUpperCase(), z.refine(esCategoriaRiesgo, riesgoTexts.categoriaMinima)),
  },
  castigo_dias_mora_minimos: {
    categoria: 'general',
    tipo_dato: 'text',
    valor: '90',
    schema: z.pipe(
      z.string().check(
        z.trim(),
        z.regex(/^\d{1,4}$/, riesgoTexts.diasCastigo),
        z.refine((s) => Number(s) <= 3650, riesgoTexts.diasCastigo),
      ),
      z.transform((s) => String(Number(s))),
    ),
  },
  stripe_publishable_key: { categoria: 'pagos', tipo_dato: 'password', valor: '', schema: clave(['pk_'], t.stripePublicable) },
  stripe_secret_key: { categoria: 'pagos', tipo_dato: 'password', valor: '', schema: clave(['sk_', 'rk_'], t.stripeSecreta) },
} as const satisfies Record<
  string,
  { categoria: CategoriaConfiguracion; tipo_dato: TipoDatoConfiguracion; valor: string; schema: z.ZodMiniType<string, string> }
>;

export type ClaveConfiguracion = keyof typeof CONFIGURACION_CONOCIDA;
export const CLAVES_CONFIGURACION = Object.keys(CONFIGURACION_CONOCIDA) as ClaveConfiguracion[];

/** What a signed-in user who is not an administrator may read (never a password-typed value). */
export const CLAVES_CONFIGURACION_PUBLICAS = [
  'timezone',
  'allow_credit_card_payments',
  'payment_reflection_hours',
  // the staff screens show 'Desembolsar' to an analyst only when allowed
  'desembolso_analista',
  'maker_checker',
] as const satisfies readonly ClaveConfiguracion[];

export function esClaveConfiguracion(value: string): value is ClaveConfiguracion {
  return Object.hasOwn(CONFIGURACION_CONOCIDA, value);
}

export const claveConfiguracionParam = z.object({
  clave: z.string().check(z.regex(/^[a-z0-9_]{1,64}$/, t.claveInvalida)),
});

/** PUT /api/configuracion/{clave}: values are text (spec §3); each key then checks its own format. */
export const configuracionActualizarSchema = z.object({
  valor: z.string({ error: t.valor }).check(z.maxLength(500, t.demasiadoLargo)),
});

export const configuracionSchema = z.object({
  id: z.string(),
  clave: z.string(),
  valor: z.string(),
  descripcion: z.string(),
  categoria: z.enum(CATEGORIAS_CONFIGURACION),
  tipo_dato: z.enum(TIPOS_DATO_CONFIGURACION),
  updated_at: z.nullable(z.string()),
});
export type Configuracion = z.infer<typeof configuracionSchema>;

export const configuracionListaSchema = z.object({ items: z.array(configuracionSchema), nextCursor: z.null() });

// ---------------------------------------------------------------- payment methods

/** spec §3 metodos_pago_config; the id is the code (stable, what pagos store as canal). */
export const metodoPagoSchema = z.object({
  id: z.string(),
  codigo: z.string(),
  nombre: z.string(),
  requiere_referencia: z.boolean(),
  activo: z.boolean(),
  orden: z.number().check(z.int()),
});
export type MetodoPago = z.infer<typeof metodoPagoSchema>;

export const metodoPagoEstadoSchema = z.object({ activo: z.boolean({ error: metodosPagoTexts.activo }) });
export const metodosPagoListaSchema = z.object({ items: z.array(metodoPagoSchema), nextCursor: z.null() });

// ---------------------------------------------------------------- bank accounts

export const MONEDAS_CUENTA = ['CRC', 'USD'] as const;

/** The lender's collection accounts (destination of reported payments, shown in reconciliation). */
export const cuentaBancariaSchema = z.object({
  id: z.string(),
  banco: z.string(),
  /** Costa Rican IBAN: CR + 2 check digits + 18 digits. */
  numero_cuenta: z.string(),
  moneda: z.enum(MONEDAS_CUENTA),
  activa: z.boolean(),
  created_at: z.string(),
});
export type CuentaBancaria = z.infer<typeof cuentaBancariaSchema>;
