import type { Caller } from '#commons/auth';
import { ForbiddenError } from '#commons/errors';
import { clienteIdDeUsuario } from './store';

/**
 * The caller's own client id for the portal routes (access 'cliente'). Portal routes never take
 * a client id from the request. Staff, and users without a linked client record, are refused
 * with 403: they do not meet the route's access level.
 */
export async function clientePropio(caller: Caller): Promise<string> {
  if (caller.isStaff) throw new ForbiddenError();
  const id = await clienteIdDeUsuario(caller.userId);
  if (!id) throw new ForbiddenError();
  return id;
}
