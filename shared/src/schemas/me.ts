import * as z from 'zod';
import { STAFF_ROLES } from '../roles';
import { clienteSchema } from './cliente';

export const meSchema = z.object({
  userId: z.string(),
  email: z.string(),
  nombre: z.string().nullable(),
  apellido: z.string().nullable(),
  roles: z.array(z.enum(STAFF_ROLES)),
  cliente: clienteSchema.nullable(),
});
export type Me = z.infer<typeof meSchema>;
