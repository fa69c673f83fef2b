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
});
export type Me = z.infer<typeof meSchema>;
