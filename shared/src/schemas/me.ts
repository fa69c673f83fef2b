import * as z from 'zod/mini';
import { STAFF_ROLES } from '../roles';
import { clienteSchema } from './cliente';

export const meSchema = z.object({
  userId: z.string(),
  email: z.string(),
  nombre: z.nullable(z.string()),
  apellido: z.nullable(z.string()),
  roles: z.array(z.enum(STAFF_ROLES)),
  cliente: z.nullable(clienteSchema),
  /**
   * True when staff MFA is required and this session's token does not say an authenticator app is
   * enrolled: every staff call but /api/me, the profile and the password answers 403 MFA_REQUERIDA,
   * so the shell opens no live connection and polls nothing until TOTP is on and the session renewed.
   */
  mfa_requerida: z.optional(z.boolean()),
});
export type Me = z.infer<typeof meSchema>;
