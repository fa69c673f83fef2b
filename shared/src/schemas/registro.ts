import * as z from 'zod';
import { authTexts } from '../texts/auth';
import { passwordTexts } from '../texts/password';
import { validationTexts } from '../texts/validation';
import { CR_PHONE, normalizePhone } from '../phone';
import { PASSWORD_MAX, passwordErrors } from '../password';
import { emailSchema } from './identidad';

const v = validationTexts;

/** Customer self-registration form (spec §2 Auth screen, §5 Password and Phone). */
export const registroFormSchema = z.object({
  nombre: z.string().trim().min(2, v.nombre).max(100, v.tooLong),
  apellido: z.string().trim().min(2, v.apellido).max(100, v.tooLong),
  telefono: z
    .string()
    .transform(normalizePhone)
    .refine((p) => CR_PHONE.test(p), authTexts.invalidPhone),
  email: emailSchema,
  password: z
    .string()
    .max(PASSWORD_MAX, passwordTexts.max)
    .superRefine((p, ctx) => {
      const first = passwordErrors(p)[0];
      if (first) ctx.addIssue({ code: 'custom', message: first });
    }),
});
export type RegistroForm = z.infer<typeof registroFormSchema>;

/** POST /api/portal/registro: what the signed-in new customer sends; the email comes from the token. */
export const portalRegistroSchema = registroFormSchema.pick({ nombre: true, apellido: true, telefono: true });
