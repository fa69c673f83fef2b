import * as z from 'zod';
import { validationTexts } from '../texts/validation';
import { identificacionValida } from '../identidad';
import { isoDate } from './common';
import { emailSchema, identificacionSchema } from './identidad';

const v = validationTexts;

export const IDENTIDAD_TIPOS = ['cedula', 'pasaporte', 'dni'] as const;
export const RIESGOS = ['bajo', 'medio', 'alto'] as const;

function isAdult(isoBirth: string, today = new Date()): boolean {
  const [y, m, d] = isoBirth.split('-').map(Number) as [number, number, number];
  const eighteen = new Date(Date.UTC(y + 18, m - 1, d));
  return eighteen.getTime() <= today.getTime();
}

function validDate(iso: string): boolean {
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) && date.getUTCFullYear() >= 1900;
}

/** The client form's fields (spec §5 "Client form"), before the per-type identification check. */
const clienteCampos = z.object({
  nombre: z.string({ error: v.nombre }).trim().min(2, v.nombre).max(100, v.tooLong),
  apellido: z.string({ error: v.apellido }).trim().min(2, v.apellido).max(100, v.tooLong),
  identidad_tipo: z.enum(IDENTIDAD_TIPOS, { error: v.identidadTipo }),
  identidad_numero: identificacionSchema,
  fecha_nacimiento: z
    .string({ error: v.fechaNacimiento })
    .min(1, v.fechaNacimiento)
    .pipe(isoDate)
    .refine(validDate, v.fechaNacimientoInvalida)
    .refine((d) => !validDate(d) || isAdult(d), v.mayorDeEdad),
  email: emailSchema,
  telefono: z.string({ error: v.telefono }).trim().min(8, v.telefono).max(20, v.telefono),
  direccion: z.string({ error: v.direccion }).trim().min(10, v.direccion).max(300, v.tooLong),
  ciudad: z.string({ error: v.ciudad }).trim().min(2, v.ciudad).max(100, v.tooLong),
  pais: z.string().trim().min(2, v.pais).max(60, v.pais).default('Costa Rica'),
});

/**
 * Spec §5 "Client form": the same schema drives the form and the handler. The identification
 * number arrives canonical (identificacionSchema) and must match its type: a cédula is 9 digits.
 */
export const clienteCrearSchema = clienteCampos.superRefine((o, ctx) => {
  const { identidad_tipo: tipo, identidad_numero: numero } = o as Partial<typeof o>;
  if (typeof numero !== 'string' || !IDENTIDAD_TIPOS.includes(tipo!) || numero.length < 5 || numero.length > 30) return;
  if (!identificacionValida(tipo!, numero)) {
    ctx.addIssue({ code: 'custom', path: ['identidad_numero'], message: v.identidadNumero });
  }
});
export type ClienteCrear = z.infer<typeof clienteCrearSchema>;
export type ClienteCrearInput = z.input<typeof clienteCrearSchema>;

export const clienteActualizarSchema = clienteCampos
  .pick({ nombre: true, apellido: true, telefono: true, direccion: true, ciudad: true, pais: true })
  .partial()
  .extend({ kyc_completado: z.boolean().optional() })
  .refine((o) => Object.keys(o).length > 0, { message: 'No hay cambios para guardar' });

export const clientesQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100, 'La búsqueda es demasiado larga')
    .transform((q) => q.normalize('NFKC'))
    .optional(),
});

export const clienteSchema = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  nombre: z.string(),
  apellido: z.string(),
  email: z.string(),
  telefono: z.string().nullable(),
  identidad_tipo: z.enum(IDENTIDAD_TIPOS),
  identidad_numero: z.string().nullable(),
  fecha_nacimiento: z.string().nullable(),
  direccion: z.string().nullable(),
  ciudad: z.string().nullable(),
  pais: z.string(),
  riesgo: z.enum(RIESGOS).nullable(),
  kyc_completado: z.boolean(),
  score_crediticio: z.number().int().nullable(),
  created_at: z.string(),
});
export type Cliente = z.infer<typeof clienteSchema>;

/** Who the client is and how to reach them: what a credit or a loan request shows of its client. */
export const clienteContactoSchema = clienteSchema.pick({
  id: true,
  nombre: true,
  apellido: true,
  email: true,
  telefono: true,
  identidad_tipo: true,
  identidad_numero: true,
});

/** A client's credit line: its limit, what its active credits use, and what is left. */
export const lineaCreditoSchema = z.object({
  limite_centimos: z.number().int(),
  usado_centimos: z.number().int(),
  disponible_centimos: z.number().int(),
});

/** Profile counters and credit-line usage shown on /clientes/{id}. */
export const clienteDetalleSchema = clienteSchema.extend({
  linea_credito: lineaCreditoSchema,
  contadores: z.object({
    solicitudes: z.number().int(),
    creditos: z.number().int(),
    creditos_activos: z.number().int(),
    pagos: z.number().int(),
  }),
});
export type ClienteDetalle = z.infer<typeof clienteDetalleSchema>;
