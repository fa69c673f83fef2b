import * as z from 'zod';
import { adminPasswordError, PASSWORD_MAX, passwordErrors } from '../password';
import { CR_PHONE, normalizePhone } from '../phone';
import { TEXTS } from '../texts';

const v = TEXTS.validation;

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
    message: TEXTS.auth.invalidPhone,
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
      actual: z.string().min(1, TEXTS.configuracionPage.contrasenaActualRequerida),
      nueva: z
        .string()
        .max(PASSWORD_MAX, TEXTS.password.max)
        .superRefine((p, ctx) => {
          const first = passwordErrors(p)[0] ?? (esAdmin ? adminPasswordError(p) : null);
          if (first) ctx.addIssue({ code: 'custom', message: first });
        }),
      confirmar: z.string(),
    })
    .refine((o) => o.confirmar === o.nueva, { path: ['confirmar'], message: TEXTS.password.mismatch });
}
export type CambioContrasena = z.infer<ReturnType<typeof cambioContrasenaSchema>>;
