import type { Caller } from '#commons/auth';
import { tableName } from '#commons/db';
import { ForbiddenError } from '#commons/errors';
import { clienteIdDeUsuario } from './store';

/**
 * Links this container has read, by table and user. A user's link to their client record is
 * written once (only if absent) and never changed or removed, so a link read stays true: every
 * portal request after the first skips that read. A missing link is not remembered (the user may
 * register next).
 */
const enlaces = new Map<string, string>();
const MAX_ENLACES = 10_000;

/**
 * The caller's own client id for the portal routes (access 'cliente'). Portal routes never take
 * a client id from the request. Staff, and users without a linked client record, are refused
 * with 403: they do not meet the route's access level.
 */
export async function clientePropio(caller: Caller): Promise<string> {
  if (caller.isStaff) throw new ForbiddenError();
  const clave = `${tableName()}\n${caller.userId}`;
  const conocido = enlaces.get(clave);
  if (conocido) return conocido;
  const id = await clienteIdDeUsuario(caller.userId);
  if (!id) throw new ForbiddenError();
  if (enlaces.size >= MAX_ENLACES) enlaces.clear();
  enlaces.set(clave, id);
  return id;
}
