import * as z from 'zod/mini';
import { comunicacionTexts } from '../texts/comunicacion';
import { paginationQuery } from './common';
import type { TIPOS_NOTIFICACION } from './notificaciones';

const v = comunicacionTexts.validation;

/**
 * Mass communication (spec §2 Comunicación Masiva, §3 campanas_email, §7 writes).
 *
 * Segments (spec §7): todos = every client; activos = clients with at least one credit in an active
 * estado (vigente or al_dia, spec §4); morosos = clients with at least one credit in arrears
 * (estado vencido or saldo_mora > 0). Push notifications reach only clients with a user_id;
 * emails only clients with an email (the others are counted as omitidos).
 */
export const SEGMENTOS = ['todos', 'activos', 'morosos'] as const;
export type Segmento = (typeof SEGMENTOS)[number];
export const segmentoSchema = z.enum(SEGMENTOS, { error: v.segmentoInvalido });

/** Spec §9: communication types are info, success, warning, error, payment, credit (default info). */
export const TIPOS_NOTIFICACION_MASIVA = [
  'info',
  'success',
  'warning',
  'error',
  'payment',
  'credit',
] as const satisfies readonly (typeof TIPOS_NOTIFICACION)[number][];
export type TipoNotificacionMasiva = (typeof TIPOS_NOTIFICACION_MASIVA)[number];

export const CAMPANA_ESTADOS = ['borrador', 'programado', 'enviando', 'completado', 'error'] as const;
export type CampanaEstado = (typeof CAMPANA_ESTADOS)[number];
/** States from which 'Enviar' starts (borrador) or resumes (enviando, error) a send. */
export const CAMPANA_ESTADOS_ENVIABLES = ['borrador', 'enviando', 'error'] as const satisfies readonly CampanaEstado[];

export const LIMITES_COMUNICACION = {
  titulo: 120,
  mensaje: 1000,
  nombre: 120,
  asunto: 200,
  // a campaign item holds both bodies: at 4 bytes per character they stay under DynamoDB's 400 KB item limit
  mensajeHtml: 60_000,
  mensajeTexto: 20_000,
} as const;

const requerido = (mensaje: string, max: number) =>
  z.string({ error: mensaje }).check(z.trim(), z.minLength(1, mensaje), z.maxLength(max, v.demasiadoLargo(max)));

/** `POST /api/notificaciones/masivas` (spec §5: title and message required; §9 defaults info / todos). */
export const notificacionMasivaSchema = z.object({
  titulo: requerido(v.tituloRequerido, LIMITES_COMUNICACION.titulo),
  mensaje: requerido(v.mensajeRequerido, LIMITES_COMUNICACION.mensaje),
  tipo: z._default(z.enum(TIPOS_NOTIFICACION_MASIVA, { error: v.tipoInvalido }), 'info'),
  segmento: z._default(segmentoSchema, 'todos'),
});
export type NotificacionMasiva = z.output<typeof notificacionMasivaSchema>;
export type NotificacionMasivaInput = z.input<typeof notificacionMasivaSchema>;

/**
 * 200: the send is finished, `enviadas` notifications in all. 202 with `en_curso`: written so far; the
 * send goes on (calling again with the same Idempotency-Key continues it, and a job finishes it anyway).
 */
export const notificacionMasivaResultadoSchema = z.object({
  enviadas: z.number().check(z.int(), z.gte(0)),
  en_curso: z.optional(z.literal(true)),
});
export type NotificacionMasivaResultado = z.infer<typeof notificacionMasivaResultadoSchema>;

/** `GET /api/comunicacion/resumen`: the three stat cards, read from aggregates (O(1)). */
export const comunicacionResumenSchema = z.object({
  total_clientes: z.number().check(z.int(), z.gte(0)),
  /** Clients with at least one vigente/al_dia credit. */
  clientes_activos: z.number().check(z.int(), z.gte(0)),
  /** Clients with at least one credit vencido or with saldo_mora > 0. */
  clientes_morosos: z.number().check(z.int(), z.gte(0)),
});
export type ComunicacionResumen = z.infer<typeof comunicacionResumenSchema>;

/** `POST /api/campanas` (spec §5: name, subject, HTML and plain-text message all required). */
export const campanaCrearSchema = z.object({
  nombre: requerido(v.nombreRequerido, LIMITES_COMUNICACION.nombre),
  asunto: requerido(v.asuntoRequerido, LIMITES_COMUNICACION.asunto),
  mensaje_html: requerido(v.htmlRequerido, LIMITES_COMUNICACION.mensajeHtml),
  mensaje_texto: requerido(v.textoRequerido, LIMITES_COMUNICACION.mensajeTexto),
  segmento: z._default(segmentoSchema, 'todos'),
});
export type CampanaCrear = z.output<typeof campanaCrearSchema>;
export type CampanaCrearInput = z.input<typeof campanaCrearSchema>;

/** A campaign as the API answers it (campanas_email plus the sender's progress). */
export const campanaSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  asunto: z.string(),
  mensaje_html: z.string(),
  mensaje_texto: z.string(),
  segmento: z.enum(SEGMENTOS),
  /** The user id of the admin who created it. */
  enviado_por: z.string(),
  estado: z.enum(CAMPANA_ESTADOS),
  /** Clients in the segment when the campaign was created (spec §4). */
  total_destinatarios: z.number().check(z.int(), z.gte(0)),
  enviados: z.number().check(z.int(), z.gte(0)),
  fallidos: z.number().check(z.int(), z.gte(0)),
  /** Clients of the segment without an email, skipped. */
  omitidos: z.number().check(z.int(), z.gte(0)),
  created_at: z.string(),
  iniciado_en: z.nullable(z.string()),
  completado_en: z.nullable(z.string()),
});
export type Campana = z.infer<typeof campanaSchema>;

/** `GET /api/campanas`: newest first, 10 by default (spec §9 "Recent campaigns: 10"). */
export const campanasQuery = z.extend(paginationQuery, { limit: z._default(paginationQuery.shape.limit.def.innerType, 10) });
