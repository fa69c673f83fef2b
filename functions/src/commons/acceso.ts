import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { StaffRole } from '@cuota/shared/roles';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { type Acceso, accesoDeItem, claveAcceso, itemAcceso } from '#entities/acceso';
import type { Caller } from './auth';
import { ddb, tableName } from './db';
import { UnauthorizedError } from './errors';
import { actualizar } from './transaccion';

/**
 * Revocation that takes effect now (docs/revocacion.md). A token's groups say what the user could
 * do when it was issued; the access item (entities/acceso.ts) says what they may do now. Every
 * authenticated request reads it, through a short per-container cache, and:
 * - refuses (401) a disabled user, or a token issued at or before the item's `revocado_en`;
 * - keeps as roles only those the token carries AND the user still holds.
 * A user without an item is limited by their token alone (customers; staff never changed since).
 */

/** How long one container trusts what it read: a revocation reaches every container within this. */
export const ACCESO_CACHE_MS = 5_000;
/** Users one container remembers; past it the oldest entry is dropped. */
export const ACCESO_CACHE_MAX = 1_000;
/** Upper bound for ACCESO_CACHE_MS when set in the environment. */
const ACCESO_CACHE_MS_MAX = 60_000;

export type Veredicto = { vigente: true; roles: StaffRole[] } | { vigente: false };

/** Pure: what a token (its groups and `iat`, epoch seconds) may do given the user's access now. */
export function decidirAcceso(acceso: Acceso | null, token: { roles: readonly StaffRole[]; iat: number | null }): Veredicto {
  if (!acceso) return { vigente: true, roles: [...token.roles] };
  if (!acceso.activo) return { vigente: false };
  if (acceso.revocado_en > 0 && (token.iat === null || token.iat <= acceso.revocado_en)) return { vigente: false };
  return { vigente: true, roles: token.roles.filter((r) => acceso.grupos.includes(r)) };
}

export interface CacheAcceso {
  obtener(userId: string): Promise<Acceso | null>;
  readonly tamano: number;
}

/**
 * A bounded, time-limited memo of `leer` per user. The absence of an item is remembered too, so a
 * customer costs one read per TTL and never a write. A TTL of 0 reads on every call.
 */
export function crearCacheAcceso(opts: {
  leer: (userId: string) => Promise<Acceso | null>;
  ttlMs?: () => number;
  max?: number;
  ahora?: () => number;
}): CacheAcceso {
  const { leer, ttlMs = () => ACCESO_CACHE_MS, max = ACCESO_CACHE_MAX, ahora = Date.now } = opts;
  const entradas = new Map<string, { acceso: Acceso | null; vence: number }>();
  return {
    async obtener(userId) {
      const t = ahora();
      const entrada = entradas.get(userId);
      if (entrada && t < entrada.vence) return entrada.acceso;
      entradas.delete(userId);
      const acceso = await leer(userId);
      const ttl = ttlMs();
      if (ttl > 0) {
        // Map keeps insertion order: the first key is the oldest entry.
        while (entradas.size >= max) entradas.delete(entradas.keys().next().value!);
        entradas.set(userId, { acceso, vence: t + ttl });
      }
      return acceso;
    },
    get tamano() {
      return entradas.size;
    },
  };
}

/** The TTL: ACCESO_CACHE_MS from the environment when set (tests use 0), else 5 s; never above 60 s. */
export function ttlAcceso(valor = process.env.ACCESO_CACHE_MS): number {
  const n = valor === undefined || valor.trim() === '' ? NaN : Number(valor);
  return Number.isFinite(n) && n >= 0 ? Math.min(n, ACCESO_CACHE_MS_MAX) : ACCESO_CACHE_MS;
}

/** One consistent GetItem: a write is seen by the next read that misses the cache. */
export async function leerAcceso(userId: string): Promise<Acceso | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: claveAcceso(userId), ConsistentRead: true }));
  return out.Item ? accesoDeItem(out.Item) : null;
}

const cache = crearCacheAcceso({ leer: leerAcceso, ttlMs: () => ttlAcceso() });

/** `iat` as the JWT authorizer hands it over (a string of digits) or as jose returns it (a number). */
export function emitidoEn(raw: unknown): number | null {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isFinite(n) ? n : null;
}

/** What the token still allows, or null when its session was revoked or the user disabled. */
export async function rolesVigentes(
  userId: string,
  roles: readonly StaffRole[],
  iat: number | null,
): Promise<StaffRole[] | null> {
  const veredicto = decidirAcceso(await cache.obtener(userId), { roles, iat });
  return veredicto.vigente ? veredicto.roles : null;
}

/** The caller narrowed to their current roles; 401 (sesionRevocada) when the session no longer counts. */
export async function callerVigente(caller: Caller, iat: number | null): Promise<Caller> {
  const roles = await rolesVigentes(caller.userId, caller.roles, iat);
  if (!roles) throw new UnauthorizedError(errorsTexts.sesionRevocada);
  return roles.length === caller.roles.length ? caller : { ...caller, roles, isStaff: roles.length > 0 };
}

/**
 * The write that records a change of a user's access, for the same transaction as the change:
 * their groups now, active or not, and (when `revocar`) every token issued up to this second stops
 * counting. The version grows on every write.
 */
export function accesoUpdate(
  userId: string,
  cambio: { grupos: StaffRole[]; activo?: boolean; revocar: boolean },
  now = new Date(),
) {
  const base = itemAcceso({
    user_id: userId,
    grupos: [...cambio.grupos].sort(),
    activo: cambio.activo ?? true,
    revocado_en: 0,
    version: 0,
    updated_at: now.toISOString(),
  });
  const valores: Record<string, unknown> = {
    ':tipo': base.tipo,
    ':user': userId,
    ':g': base.grupos,
    ':a': base.activo,
    ':u': base.updated_at,
    ':uno': 1,
  };
  if (cambio.revocar) valores[':r'] = Math.floor(now.getTime() / 1000);
  else valores[':cero'] = 0;
  const revocado = cambio.revocar ? 'revocado_en = :r' : 'revocado_en = if_not_exists(revocado_en, :cero)';
  return actualizar(
    { pk: base.pk, sk: base.sk },
    `SET tipo = :tipo, user_id = :user, grupos = :g, activo = :a, updated_at = :u, ${revocado} ADD #v :uno`,
    { nombres: { '#v': 'version' }, valores },
  );
}
