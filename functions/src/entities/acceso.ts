import { isStaffRole, type StaffRole } from '@cuota/shared/roles';
import { ENTITY, type Guardado } from './comun';

/**
 * A staff user's access as it is now, read on every authenticated request (commons/acceso.ts):
 * the roles they hold, whether they may use the API at all, and the moment every token issued
 * before it stopped counting. Written in the same operations that create a staff user, change
 * their role or remove their roles. A user without this item (customers, staff created before it
 * existed) is limited by their token alone.
 */
export interface Acceso {
  user_id: string;
  /** The user's current Cognito groups (staff roles). */
  grupos: StaffRole[];
  /** false: every request of the user is refused, whatever their token says. */
  activo: boolean;
  /** Epoch seconds: a token issued (`iat`) at or before this second is refused; 0 = never revoked. */
  revocado_en: number;
  /** Grows by one on every write. */
  version: number;
  updated_at: string;
}

export const claveAcceso = (userId: string) => ({ pk: `USUARIO#${userId}`, sk: 'ACCESO' });

export type AccesoGuardado = Guardado<Acceso, typeof ENTITY.acceso>;

export const itemAcceso = (a: Acceso): AccesoGuardado => ({ ...claveAcceso(a.user_id), tipo: ENTITY.acceso, ...a });

/** The stored item as a record; unknown group names are dropped, missing fields read as "no restriction". */
export function accesoDeItem(item: Record<string, unknown>): Acceso {
  const grupos = Array.isArray(item.grupos)
    ? item.grupos.filter((g): g is StaffRole => typeof g === 'string' && isStaffRole(g))
    : [];
  return {
    user_id: String(item.user_id ?? ''),
    grupos,
    activo: item.activo !== false,
    revocado_en: typeof item.revocado_en === 'number' ? item.revocado_en : 0,
    version: typeof item.version === 'number' ? item.version : 0,
    updated_at: String(item.updated_at ?? ''),
  };
}
