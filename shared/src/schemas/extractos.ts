import * as z from 'zod/mini';
import { extractosTexts } from '../texts/extractos';
import { EXCEDENTES } from './pagos';

const t = extractosTexts;

export const BANCOS = ['bn', 'bcr', 'bac', 'generico'] as const;
export type Banco = (typeof BANCOS)[number];
/** What a statement may weigh: the API's request limit is 256 KB (README "Request limits"), JSON quoting included. */
export const EXTRACTO_MAX_BYTES = 200 * 1024;
export const EXTRACTO_MAX_LINEAS = 5000;
export const CONFIRMAR_MAX_LINEAS = 100;
export const FORMATOS_FECHA = ['dd/mm/yyyy', 'dd-mm-yyyy', 'yyyy-mm-dd'] as const;

const columna = z
  .number({ error: t.columnaInvalida })
  .check(z.int(t.columnaInvalida), z.gte(1, t.columnaInvalida), z.lte(50, t.columnaInvalida));

/** How a bank's CSV is read: separator, number and date formats, header rows and which column holds what (1-based). */
const mapeoBase = z.strictObject({
  separador: z.enum([';', ',', '\t']),
  decimal: z.enum([',', '.']),
  formato_fecha: z.enum(FORMATOS_FECHA),
  filas_encabezado: z
    .number({ error: t.filasInvalidas })
    .check(z.int(t.filasInvalidas), z.gte(0, t.filasInvalidas), z.lte(20, t.filasInvalidas)),
  columnas: z.strictObject({
    fecha: columna,
    descripcion: columna,
    referencia: z.nullable(columna),
    credito: columna,
    debito: z.nullable(columna),
    saldo: z.nullable(columna),
  }),
});
export const mapeoExtractoSchema = mapeoBase.check(
  z.superRefine((m, ctx) => {
    const usadas = Object.values(m.columnas).filter((c): c is number => c !== null);
    if (new Set(usadas).size !== usadas.length) ctx.addIssue({ code: 'custom', path: ['columnas'], message: t.columnaRepetida });
  }),
);
export type MapeoExtracto = z.infer<typeof mapeoExtractoSchema>;
export const mapeoGuardadoSchema = z.extend(mapeoBase, {
  banco: z.enum(BANCOS),
  predeterminado: z.boolean(),
});
export type MapeoGuardado = z.infer<typeof mapeoGuardadoSchema>;

export const bancoParam = z.object({
  banco: z.string().check(z.minLength(1), z.maxLength(20), z.regex(/^[a-z]+$/, 'Banco inválido')),
});

/** POST /api/conciliacion/extractos: the CSV as text (the screen decodes UTF-8, or Windows-1252 when it is not). */
export const subirExtractoSchema = z.object({
  banco: z.enum(BANCOS, { error: t.bancoInvalido }),
  nombre_archivo: z
    .string({ error: t.nombreRequerido })
    .check(z.trim(), z.minLength(1, t.nombreRequerido), z.maxLength(200, t.nombreLargo)),
  contenido: z.string({ error: t.contenidoRequerido }).check(
    z.refine((s) => s.trim() !== '', t.contenidoRequerido),
    z.refine((s) => new TextEncoder().encode(s).length <= EXTRACTO_MAX_BYTES, t.contenidoGrande(EXTRACTO_MAX_BYTES / 1024)),
  ),
});
export type SubirExtracto = z.infer<typeof subirExtractoSchema>;

export const ESTADOS_LINEA = ['coincidencia', 'sin_coincidencia', 'ya_procesada', 'conciliada', 'aplicada', 'debito'] as const;
export type EstadoLinea = (typeof ESTADOS_LINEA)[number];
export const CONFIANZAS = ['alta', 'media', 'baja'] as const;
export type Confianza = (typeof CONFIANZAS)[number];

export const candidatoSchema = z.object({
  pago_id: z.string(),
  credito_id: z.string(),
  numero_credito: z.string(),
  cliente_id: z.string(),
  cliente_nombre: z.string(),
  monto_centimos: z.number().check(z.int()),
  fecha_pago: z.string(),
  referencia_pago: z.string(),
  referencia_externa: z.nullable(z.string()),
  confianza: z.enum(CONFIANZAS),
  puntaje: z.number().check(z.int()),
  motivos: z.array(z.enum(['monto', 'referencia', 'fecha'])),
});
export type Candidato = z.infer<typeof candidatoSchema>;

export const lineaExtractoSchema = z.object({
  n: z.number().check(z.int()),
  fecha: z.string(),
  descripcion: z.string(),
  referencia: z.nullable(z.string()),
  credito_centimos: z.number().check(z.int()),
  debito_centimos: z.number().check(z.int()),
  saldo_centimos: z.nullable(z.number().check(z.int())),
  huella: z.string(),
  estado: z.enum(ESTADOS_LINEA),
  candidato: z.nullable(candidatoSchema),
  /** ya_procesada: the statement that has this bank line first. */
  original: z.nullable(z.object({ extracto_id: z.string(), nombre_archivo: z.string(), n: z.number().check(z.int()) })),
  pago_id: z.nullable(z.string()),
  procesada_por: z.nullable(z.string()),
  procesada_en: z.nullable(z.string()),
  /** aplicada: a reported payment still pending that looks like this line (approving it would pay the deposit twice). */
  posible_duplicado: z.optional(z.nullable(candidatoSchema)),
});
export type LineaExtracto = z.infer<typeof lineaExtractoSchema>;

export const extractoResumenSchema = z.object({
  id: z.string(),
  banco: z.enum(BANCOS),
  nombre_archivo: z.string(),
  total_lineas: z.number().check(z.int()),
  creditos: z.number().check(z.int()),
  coincidencias: z.number().check(z.int()),
  sin_coincidencia: z.number().check(z.int()),
  ya_procesadas: z.number().check(z.int()),
  total_credito_centimos: z.number().check(z.int()),
  subido_por: z.string(),
  created_at: z.string(),
});
export type ExtractoResumen = z.infer<typeof extractoResumenSchema>;
export const extractoDetalleSchema = z.extend(extractoResumenSchema, { lineas: z.array(lineaExtractoSchema) });
export type ExtractoDetalle = z.infer<typeof extractoDetalleSchema>;

const numeroLinea = z
  .number({ error: t.lineaInvalida })
  .check(z.int(t.lineaInvalida), z.gte(1, t.lineaInvalida), z.lte(EXTRACTO_MAX_LINEAS + 20, t.lineaInvalida));

/** POST /api/conciliacion/extractos/{id}/confirmar. */
export const confirmarLineasSchema = z.object({
  lineas: z
    .array(numeroLinea, { error: t.lineasRequeridas })
    .check(z.minLength(1, t.lineasRequeridas), z.maxLength(CONFIRMAR_MAX_LINEAS, t.lineasMuchas(CONFIRMAR_MAX_LINEAS))),
});
export const resultadoConfirmarSchema = z.object({
  resultados: z.array(
    z.object({
      n: z.number().check(z.int()),
      ok: z.boolean(),
      pago_id: z.nullable(z.string()),
      code: z.nullable(z.string()),
      message: z.nullable(z.string()),
    }),
  ),
});
export type ResultadoConfirmar = z.infer<typeof resultadoConfirmarSchema>;

export const lineaParams = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/, 'Identificador inválido')),
  n: z.string().check(z.minLength(1), z.maxLength(6), z.regex(/^[1-9]\d*$/, t.lineaInvalida)),
});

/** POST /api/conciliacion/extractos/{id}/lineas/{n}/aplicar: an unmatched credit line as a counter payment. */
export const aplicarLineaSchema = z.object({
  credito_id: z
    .string({ error: t.creditoRequerido })
    .check(
      z.trim(),
      z.minLength(1, t.creditoRequerido),
      z.maxLength(64, t.creditoRequerido),
      z.regex(/^[A-Za-z0-9_-]+$/, t.creditoRequerido),
    ),
  canal: z._default(z.enum(['transferencia', 'sinpe_movil']), 'transferencia'),
  excedente: z.optional(z.enum(EXCEDENTES)),
  /** Apply even though a pending reported payment looks like the line (otherwise 409 POSIBLE_DUPLICADO). */
  forzar: z.optional(z.boolean()),
});
export type AplicarLinea = z.infer<typeof aplicarLineaSchema>;
