import * as z from 'zod/mini';
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
  telefono: z.nullable(z.string()),
});
export type Perfil = z.infer<typeof perfilSchema>;

/**
 * PATCH /api/perfil (spec §2 Settings, Perfil tab): first and last name, phone; the email is
 * read-only. An empty phone clears it for staff; customers keep the registration rule (§5 Phone),
 * checked by the handler because it depends on who calls.
 */
export const perfilActualizarSchema = z.object({
  nombre: z.string({ error: v.nombre }).check(z.trim(), z.minLength(2, v.nombre), z.maxLength(100, v.tooLong)),
  apellido: z.string({ error: v.apellido }).check(z.trim(), z.minLength(2, v.apellido), z.maxLength(100, v.tooLong)),
  telefono: z.pipe(
    z.string({ error: v.telefono }).check(
      z.trim(),
      z.maxLength(25, v.telefono),
      z.refine((t) => t === '' || normalizePhone(t).length >= 8, v.telefono),
    ),
    z.transform((t) => (t === '' ? null : t)),
  ),
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
  return perfilActualizarSchema.check(
    z.refine((o) => o.telefono !== null && telefonoClienteValido(o.telefono), {
      path: ['telefono'],
      message: authTexts.invalidPhone,
    }),
  );
}

/**
 * Spec §5 "Change password": the new password passes the shared check (16+ for admins) and the
 * confirmation matches. Cognito also asks for the current password (ChangePassword), so the form
 * does too.
 */
export function cambioContrasenaSchema(esAdmin: boolean) {
  return z
    .object({
      actual: z.string().check(z.minLength(1, configuracionPageTexts.contrasenaActualRequerida)),
      nueva: z.string().check(
        z.maxLength(PASSWORD_MAX, passwordTexts.max),
        z.superRefine((p, ctx) => {
          const first = firstPasswordError(p, esAdmin);
          if (first) ctx.addIssue({ code: 'custom', message: first });
        }),
      ),
      confirmar: z.string(),
    })
    .check(z.refine((o) => o.confirmar === o.nueva, { path: ['confirmar'], message: passwordTexts.mismatch }));
}
export type CambioContrasena = z.infer<ReturnType<typeof cambioContrasenaSchema>>;

const s = seguridadTexts;

/** A new password as the server receives it: the shared rules (the admin rule needs the account's roles). */
const nuevaContrasena = z.string({ error: passwordTexts.min }).check(
  z.maxLength(PASSWORD_MAX, passwordTexts.max),
  z.superRefine((p, ctx) => {
    const first = firstPasswordError(p, false);
    if (first) ctx.addIssue({ code: 'custom', message: first });
  }),
);

/**
 * POST /api/perfil/contrasena: the signed-in user's own password. The server checks the rules for
 * the caller's roles (16+ for admins) and Cognito's ChangePassword checks the current password
 * with the caller's access token (never stored or logged).
 */
export const contrasenaCambioSchema = z.object({
  // Cognito never stores a password with edge spaces: such an answer cannot be the current one.
  actual: z.string({ error: configuracionPageTexts.contrasenaActualRequerida }).check(
    z.minLength(1, configuracionPageTexts.contrasenaActualRequerida),
    z.maxLength(PASSWORD_MAX, passwordTexts.max),
    z.refine((p) => !hasEdgeSpace(p), configuracionPageTexts.contrasenaActualIncorrecta),
  ),
  nueva: nuevaContrasena,
  token_acceso: z
    .string({ error: s.sesionInvalida })
    .check(z.maxLength(8192, s.sesionInvalida), z.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, s.sesionInvalida)),
});
export type ContrasenaCambio = z.infer<typeof contrasenaCambioSchema>;

/**
 * POST /api/auth/restablecer-contrasena (public): the emailed code and the new password. The
 * server looks up the account's roles first, so an admin account needs 16+ here too.
 */
export const contrasenaRestablecerSchema = z.object({
  email: emailSchema,
  codigo: z.string({ error: s.codigoRequerido }).check(z.trim(), z.regex(/^\d{6}$/, s.codigoRequerido)),
  nueva: nuevaContrasena,
});
export type ContrasenaRestablecer = z.infer<typeof contrasenaRestablecerSchema>;

/** The reset form: email, code, new password with the strength meter, and its confirmation. */
export const restablecerFormSchema = z
  .extend(contrasenaRestablecerSchema, { confirmar: z.string() })
  .check(z.refine((o) => o.confirmar === o.nueva, { path: ['confirmar'], message: passwordTexts.mismatch }));
export type RestablecerForm = z.input<typeof restablecerFormSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
