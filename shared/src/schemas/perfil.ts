import * as z from 'zod';
import { firstPasswordError, hasEdgeSpace, PASSWORD_MAX } from '../password';
import { CR_PHONE, normalizePhone } from '../phone';
import { authTexts } from '../texts/auth';
import { configuracionPageTexts } from '../texts/configuracionPage';
import { passwordTexts } from '../texts/password';
import { seguridadTexts } from '../texts/seguridad';
import { validationTexts } from '../texts/validation';
import { emailSchema } from './identidad';

const v = validationTexts;

/** GET /api/perfil: the caller's own profile (staff profile, or the linked client record). */
export const perfilSchema = z.object({
  tipo: z.enum(['staff', 'cliente']),
  nombre: z.string(),
  apellido: z.string(),
  email: z.string(),
  telefono: z.string().nullable(),
});
export type Perfil = z.infer<typeof perfilSchema>;

/**
 * PATCH /api/perfil (spec §2 Settings, Perfil tab): first and last name, phone; the email is
 * read-only. An empty phone clears it for staff; customers keep the registration rule (§5 Phone),
 * checked by the handler because it depends on who calls.
 */
export const perfilActualizarSchema = z.object({
  nombre: z.string({ error: v.nombre }).trim().min(2, v.nombre).max(100, v.tooLong),
  apellido: z.string({ error: v.apellido }).trim().min(2, v.apellido).max(100, v.tooLong),
  telefono: z
    .string({ error: v.telefono })
    .trim()
    .max(25, v.telefono)
    .refine((t) => t === '' || normalizePhone(t).length >= 8, v.telefono)
    .transform((t) => (t === '' ? null : t)),
});
export type PerfilActualizar = z.infer<typeof perfilActualizarSchema>;
export type PerfilActualizarInput = z.input<typeof perfilActualizarSchema>;

/** A customer's phone must be a Costa Rica number, as at registration. */
export function telefonoClienteValido(telefono: string): boolean {
  return CR_PHONE.test(normalizePhone(telefono));
}

/** The Perfil form: the PATCH schema, plus the registration phone rule for customers. */
export function perfilFormSchema(tipo: Perfil['tipo']) {
  if (tipo === 'staff') return perfilActualizarSchema;
  return perfilActualizarSchema.refine((o) => o.telefono !== null && telefonoClienteValido(o.telefono), {
    path: ['telefono'],
    message: authTexts.invalidPhone,
  });
}

/**
 * Spec §5 "Change password": the new password passes the shared check (16+ for admins) and the
 * confirmation matches. Cognito also asks for the current password (ChangePassword), so the form
 * does too.
 */
export function cambioContrasenaSchema(esAdmin: boolean) {
  return z
    .object({
      actual: z.string().min(1, configuracionPageTexts.contrasenaActualRequerida),
      nueva: z
        .string()
        .max(PASSWORD_MAX, passwordTexts.max)
        .superRefine((p, ctx) => {
          const first = firstPasswordError(p, esAdmin);
          if (first) ctx.addIssue({ code: 'custom', message: first });
        }),
      confirmar: z.string(),
    })
    .refine((o) => o.confirmar === o.nueva, { path: ['confirmar'], message: passwordTexts.mismatch });
}
export type CambioContrasena = z.infer<ReturnType<typeof cambioContrasenaSchema>>;

const s = seguridadTexts;

/** A new password as the server receives it: the shared rules (the admin rule needs the account's roles). */
const nuevaContrasena = z
  .string({ error: passwordTexts.min })
  .max(PASSWORD_MAX, passwordTexts.max)
  .superRefine((p, ctx) => {
    const first = firstPasswordError(p, false);
    if (first) ctx.addIssue({ code: 'custom', message: first });
  });

/**
 * POST /api/perfil/contrasena: the signed-in user's own password. The server checks the rules for
 * the caller's roles (16+ for admins) and Cognito's ChangePassword checks the current password
 * with the caller's access token (never stored or logged).
 */
export const contrasenaCambioSchema = z.object({
  // Cognito never stores a password with edge spaces: such an answer cannot be the current one.
  actual: z
    .string({ error: configuracionPageTexts.contrasenaActualRequerida })
    .min(1, configuracionPageTexts.contrasenaActualRequerida)
    .max(PASSWORD_MAX, passwordTexts.max)
    .refine((p) => !hasEdgeSpace(p), configuracionPageTexts.contrasenaActualIncorrecta),
  nueva: nuevaContrasena,
  token_acceso: z
    .string({ error: s.sesionInvalida })
    .max(8192, s.sesionInvalida)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, s.sesionInvalida),
});
export type ContrasenaCambio = z.infer<typeof contrasenaCambioSchema>;

/**
 * POST /api/auth/restablecer-contrasena (public): the emailed code and the new password. The
 * server looks up the account's roles first, so an admin account needs 16+ here too.
 */
export const contrasenaRestablecerSchema = z.object({
  email: emailSchema,
  codigo: z
    .string({ error: s.codigoRequerido })
    .trim()
    .regex(/^\d{6}$/, s.codigoRequerido),
  nueva: nuevaContrasena,
});
export type ContrasenaRestablecer = z.infer<typeof contrasenaRestablecerSchema>;

/** The reset form: email, code, new password with the strength meter, and its confirmation. */
export const restablecerFormSchema = contrasenaRestablecerSchema
  .extend({ confirmar: z.string() })
  .refine((o) => o.confirmar === o.nueva, { path: ['confirmar'], message: passwordTexts.mismatch });
export type RestablecerForm = z.input<typeof restablecerFormSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
