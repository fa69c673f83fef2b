import * as z from 'zod';
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
  .int(t.columnaInvalida)
  .min(1, t.columnaInvalida)
  .max(50, t.columnaInvalida);

/** How a bank's CSV is read: separator, number and date formats, header rows and which column holds what (1-based). */
const mapeoBase = z.strictObject({
  separador: z.enum([';', ',', '\t']),
  decimal: z.enum([',', '.']),
  formato_fecha: z.enum(FORMATOS_FECHA),
  filas_encabezado: z
    .number({ error: t.filasInvalidas })
    .int(t.filasInvalidas)
    .min(0, t.filasInvalidas)
    .max(20, t.filasInvalidas),
  columnas: z.strictObject({
    fecha: columna,
    descripcion: columna,
    referencia: columna.nullable(),
    credito: columna,
    debito: columna.nullable(),
    saldo: columna.nullable(),
  }),
});
export const mapeoExtractoSchema = mapeoBase.superRefine((m, ctx) => {
  const usadas = Object.values(m.columnas).filter((c): c is number => c !== null);
  if (new Set(usadas).size !== usadas.length) ctx.addIssue({ code: 'custom', path: ['columnas'], message: t.columnaRepetida });
});
export type MapeoExtracto = z.infer<typeof mapeoExtractoSchema>;
export const mapeoGuardadoSchema = mapeoBase.extend({
  banco: z.enum(BANCOS),
  predeterminado: z.boolean(),
});
export type MapeoGuardado = z.infer<typeof mapeoGuardadoSchema>;

export const bancoParam = z.object({
  banco: z
    .string()
    .min(1)
    .max(20)
    .regex(/^[a-z]+$/, 'Banco inválido'),
});

/** POST /api/conciliacion/extractos: the CSV as text (the screen decodes UTF-8, or Windows-1252 when it is not). */
export const subirExtractoSchema = z.object({
  banco: z.enum(BANCOS, { error: t.bancoInvalido }),
  nombre_archivo: z.string({ error: t.nombreRequerido }).trim().min(1, t.nombreRequerido).max(200, t.nombreLargo),
  contenido: z
    .string({ error: t.contenidoRequerido })
    .refine((s) => s.trim() !== '', t.contenidoRequerido)
    .refine((s) => new TextEncoder().encode(s).length <= EXTRACTO_MAX_BYTES, t.contenidoGrande(EXTRACTO_MAX_BYTES / 1024)),
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
  monto_centimos: z.number().int(),
  fecha_pago: z.string(),
  referencia_pago: z.string(),
  referencia_externa: z.string().nullable(),
  confianza: z.enum(CONFIANZAS),
  puntaje: z.number().int(),
  motivos: z.array(z.enum(['monto', 'referencia', 'fecha'])),
});
export type Candidato = z.infer<typeof candidatoSchema>;

export const lineaExtractoSchema = z.object({
  n: z.number().int(),
  fecha: z.string(),
  descripcion: z.string(),
  referencia: z.string().nullable(),
  credito_centimos: z.number().int(),
  debito_centimos: z.number().int(),
  saldo_centimos: z.number().int().nullable(),
  huella: z.string(),
  estado: z.enum(ESTADOS_LINEA),
  candidato: candidatoSchema.nullable(),
  /** ya_procesada: the statement that has this bank line first. */
  original: z.object({ extracto_id: z.string(), nombre_archivo: z.string(), n: z.number().int() }).nullable(),
  pago_id: z.string().nullable(),
  procesada_por: z.string().nullable(),
  procesada_en: z.string().nullable(),
  /** aplicada: a reported payment still pending that looks like this line (approving it would pay the deposit twice). */
  posible_duplicado: candidatoSchema.nullable().optional(),
});
export type LineaExtracto = z.infer<typeof lineaExtractoSchema>;

export const extractoResumenSchema = z.object({
  id: z.string(),
  banco: z.enum(BANCOS),
  nombre_archivo: z.string(),
  total_lineas: z.number().int(),
  creditos: z.number().int(),
  coincidencias: z.number().int(),
  sin_coincidencia: z.number().int(),
  ya_procesadas: z.number().int(),
  total_credito_centimos: z.number().int(),
  subido_por: z.string(),
  created_at: z.string(),
});
export type ExtractoResumen = z.infer<typeof extractoResumenSchema>;
export const extractoDetalleSchema = extractoResumenSchema.extend({ lineas: z.array(lineaExtractoSchema) });
export type ExtractoDetalle = z.infer<typeof extractoDetalleSchema>;

const numeroLinea = z
  .number({ error: t.lineaInvalida })
  .int(t.lineaInvalida)
  .min(1, t.lineaInvalida)
  .max(EXTRACTO_MAX_LINEAS + 20, t.lineaInvalida);

/** POST /api/conciliacion/extractos/{id}/confirmar. */
export const confirmarLineasSchema = z.object({
  lineas: z
    .array(numeroLinea, { error: t.lineasRequeridas })
    .min(1, t.lineasRequeridas)
    .max(CONFIRMAR_MAX_LINEAS, t.lineasMuchas(CONFIRMAR_MAX_LINEAS)),
});
export const resultadoConfirmarSchema = z.object({
  resultados: z.array(
    z.object({
      n: z.number().int(),
      ok: z.boolean(),
      pago_id: z.string().nullable(),
      code: z.string().nullable(),
      message: z.string().nullable(),
    }),
  ),
});
export type ResultadoConfirmar = z.infer<typeof resultadoConfirmarSchema>;

export const lineaParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'Identificador inválido'),
  n: z
    .string()
    .min(1)
    .max(6)
    .regex(/^[1-9]\d*$/, t.lineaInvalida),
});

/** POST /api/conciliacion/extractos/{id}/lineas/{n}/aplicar: an unmatched credit line as a counter payment. */
export const aplicarLineaSchema = z.object({
  credito_id: z
    .string({ error: t.creditoRequerido })
    .trim()
    .min(1, t.creditoRequerido)
    .max(64, t.creditoRequerido)
    .regex(/^[A-Za-z0-9_-]+$/, t.creditoRequerido),
  canal: z.enum(['transferencia', 'sinpe_movil']).default('transferencia'),
  excedente: z.enum(EXCEDENTES).optional(),
  /** Apply even though a pending reported payment looks like the line (otherwise 409 POSIBLE_DUPLICADO). */
  forzar: z.boolean().optional(),
});
export type AplicarLinea = z.infer<typeof aplicarLineaSchema>;
