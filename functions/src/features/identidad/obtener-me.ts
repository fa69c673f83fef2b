import { defineRoute } from '#commons/http';
import { clienteOfUser } from '../clientes/store';

/** Identity for the route guards: roles from the token's groups, the linked client from the table. */
export const handler = defineRoute('obtener-me', async ({ caller }) => ({
  userId: caller.userId,
  email: caller.email,
  nombre: caller.nombre,
  apellido: caller.apellido,
  roles: caller.roles,
  cliente: await clienteOfUser(caller.userId),
}));
