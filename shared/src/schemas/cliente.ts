import * as z from 'zod/mini';
import { validationTexts } from '../texts/validation';
import { identificacionValida } from '../identidad';
import { isoDate, LARGO_MAXIMO_BUSQUEDA } from './common';
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
  nombre: z.string({ error: v.nombre }).check(z.trim(), z.minLength(2, v.nombre), z.maxLength(100, v.tooLong)),
  apellido: z.string({ error: v.apellido }).check(z.trim(), z.minLength(2, v.apellido), z.maxLength(100, v.tooLong)),
  identidad_tipo: z.enum(IDENTIDAD_TIPOS, { error: v.identidadTipo }),
  identidad_numero: identificacionSchema,
  fecha_nacimiento: z.pipe(z.string({ error: v.fechaNacimiento }).check(z.minLength(1, v.fechaNacimiento)), isoDate).check(
    z.refine(validDate, v.fechaNacimientoInvalida),
    z.refine((d) => !validDate(d) || isAdult(d), v.mayorDeEdad),
  ),
  email: emailSchema,
  telefono: z.string({ error: v.telefono }).check(z.trim(), z.minLength(8, v.telefono), z.maxLength(20, v.telefono)),
  direccion: z.string({ error: v.direccion }).check(z.trim(), z.minLength(10, v.direccion), z.maxLength(300, v.tooLong)),
  ciudad: z.string({ error: v.ciudad }).check(z.trim(), z.minLength(2, v.ciudad), z.maxLength(100, v.tooLong)),
  pais: z._default(z.string().check(z.trim(), z.minLength(2, v.pais), z.maxLength(60, v.pais)), 'Costa Rica'),
});

/**
 * Spec §5 "Client form": the same schema drives the form and the handler. The identification
 * number arrives canonical (identificacionSchema) and must match its type: a cédula is 9 digits.
 */
export const clienteCrearSchema = clienteCampos.check(
  z.superRefine((o, ctx) => {
    const { identidad_tipo: tipo, identidad_numero: numero } = o as Partial<typeof o>;
    if (typeof numero !== 'string' || !IDENTIDAD_TIPOS.includes(tipo!) || numero.length < 5 || numero.length > 30) return;
    if (!identificacionValida(tipo!, numero)) {
      ctx.addIssue({ code: 'custom', path: ['identidad_numero'], message: v.identidadNumero });
    }
  }),
);
export type ClienteCrear = z.infer<typeof clienteCrearSchema>;
export type ClienteCrearInput = z.input<typeof clienteCrearSchema>;

export const clienteActualizarSchema = z
  .extend(
    z.partial(z.pick(clienteCampos, { nombre: true, apellido: true, telefono: true, direccion: true, ciudad: true, pais: true })),
    { kyc_completado: z.optional(z.boolean()) },
  )
  .check(z.refine((o) => Object.keys(o).length > 0, { message: 'No hay cambios para guardar' }));

export const clientesQuery = z.object({
  q: z.optional(
    z.pipe(
      z.string().check(z.trim(), z.maxLength(LARGO_MAXIMO_BUSQUEDA, 'La búsqueda es demasiado larga')),
      z.transform((q) => q.normalize('NFKC')),
    ),
  ),
});

export const clienteSchema = z.object({
  id: z.string(),
  user_id: z.nullable(z.string()),
  nombre: z.string(),
  apellido: z.string(),
  email: z.string(),
  telefono: z.nullable(z.string()),
  identidad_tipo: z.enum(IDENTIDAD_TIPOS),
  identidad_numero: z.nullable(z.string()),
  fecha_nacimiento: z.nullable(z.string()),
  direccion: z.nullable(z.string()),
  ciudad: z.nullable(z.string()),
  pais: z.string(),
  riesgo: z.nullable(z.enum(RIESGOS)),
  kyc_completado: z.boolean(),
  score_crediticio: z.nullable(z.number().check(z.int())),
  created_at: z.string(),
});
export type Cliente = z.infer<typeof clienteSchema>;

/** Who the client is and how to reach them: what a credit or a loan request shows of its client. */
export const clienteContactoSchema = z.pick(clienteSchema, {
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
  limite_centimos: z.number().check(z.int()),
  usado_centimos: z.number().check(z.int()),
  disponible_centimos: z.number().check(z.int()),
});

/** Profile counters and credit-line usage shown on /clientes/{id}. */
export const clienteDetalleSchema = z.extend(clienteSchema, {
  linea_credito: lineaCreditoSchema,
  contadores: z.object({
    solicitudes: z.number().check(z.int()),
    creditos: z.number().check(z.int()),
    creditos_activos: z.number().check(z.int()),
    pagos: z.number().check(z.int()),
  }),
});
export type ClienteDetalle = z.infer<typeof clienteDetalleSchema>;
