import * as z from 'zod/mini';
import { adminPasswordError, firstPasswordError } from '../password';
import { STAFF_ROLES } from '../roles';
import { passwordTexts } from '../texts/password';
import { usuariosTexts } from '../texts/usuarios';
import { validationTexts } from '../texts/validation';
import { emailSchema } from './identidad';

const v = validationTexts;
const u = usuariosTexts.validation;

/** A staff profile with its Cognito role groups (empty when the roles were removed). */
export const usuarioSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  email: z.string(),
  telefono: z.nullable(z.string()),
  roles: z.array(z.enum(STAFF_ROLES)),
  created_at: z.string(),
});
export type Usuario = z.infer<typeof usuarioSchema>;

const nombre = z.string({ error: v.nombre }).check(z.trim(), z.minLength(2, v.nombre), z.maxLength(100, v.tooLong));
const apellido = z.string({ error: v.apellido }).check(z.trim(), z.minLength(2, v.apellido), z.maxLength(100, v.tooLong));
const rol = z.enum(STAFF_ROLES, { error: u.rol });

/** Spec §5 "Users": new staff user; the password passes the shared rules (no edge spaces), and 16+ for admins. */
export const usuarioCrearSchema = z
  .object({
    nombre,
    apellido,
    email: emailSchema,
    rol,
    password: z.string({ error: passwordTexts.min }).check(
      z.maxLength(256, passwordTexts.max),
      z.superRefine((password, ctx) => {
        const first = firstPasswordError(password, false);
        if (first) ctx.addIssue({ code: 'custom', message: first });
      }),
    ),
  })
  .check(
    z.superRefine((o, ctx) => {
      const admin = o.rol === 'admin' ? adminPasswordError(o.password) : null;
      if (admin) ctx.addIssue({ code: 'custom', path: ['password'], message: admin });
    }),
  );
export type UsuarioCrear = z.infer<typeof usuarioCrearSchema>;
export type UsuarioCrearInput = z.input<typeof usuarioCrearSchema>;

/** Spec §5 "Edit user": first and last name required, phone optional, email not editable. */
export const usuarioActualizarSchema = z.object({
  nombre,
  apellido,
  telefono: z.optional(
    z.nullable(
      z.pipe(
        z.string().check(
          z.trim(),
          z.maxLength(20, v.telefono),
          z.refine((t) => t === '' || t.length >= 8, v.telefono),
        ),
        z.transform((t) => (t === '' ? null : t)),
      ),
    ),
  ),
  rol,
});
export type UsuarioActualizar = z.infer<typeof usuarioActualizarSchema>;
export type UsuarioActualizarInput = z.input<typeof usuarioActualizarSchema>;

/** Answer of the password-reset request. */
export const usuarioOkSchema = z.object({ ok: z.literal(true) });
