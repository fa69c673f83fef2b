import * as z from 'zod/mini';
import { authTexts } from '../texts/auth';
import { passwordTexts } from '../texts/password';
import { validationTexts } from '../texts/validation';
import { CR_PHONE, normalizePhone } from '../phone';
import { PASSWORD_MAX, passwordErrors } from '../password';
import { emailSchema } from './identidad';

const v = validationTexts;

/** Customer self-registration form (spec §2 Auth screen, §5 Password and Phone). */
export const registroFormSchema = z.object({
  nombre: z.string().check(z.trim(), z.minLength(2, v.nombre), z.maxLength(100, v.tooLong)),
  apellido: z.string().check(z.trim(), z.minLength(2, v.apellido), z.maxLength(100, v.tooLong)),
  telefono: z.pipe(z.string(), z.transform(normalizePhone)).check(z.refine((p) => CR_PHONE.test(p), authTexts.invalidPhone)),
  email: emailSchema,
  password: z.string().check(
    z.maxLength(PASSWORD_MAX, passwordTexts.max),
    z.superRefine((p, ctx) => {
      const first = passwordErrors(p)[0];
      if (first) ctx.addIssue({ code: 'custom', message: first });
    }),
  ),
});
export type RegistroForm = z.infer<typeof registroFormSchema>;

/** POST /api/portal/registro: what the signed-in new customer sends; the email comes from the token. */
export const portalRegistroSchema = z.pick(registroFormSchema, { nombre: true, apellido: true, telefono: true });
