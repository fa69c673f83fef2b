import { adminPasswordError, type StaffRole } from '@cuota/shared';
import { usuariosTexts } from '@cuota/shared/texts/usuarios';

/**
 * The rule that depends on who owns the account (spec §5): an admin's password needs 16+
 * characters. The shared rules are checked by the route's schema before this.
 */
export function reglaDeRol(roles: readonly StaffRole[], nueva: string): { titulo: string; mensaje: string } | null {
  if (!roles.includes('admin')) return null;
  const mensaje = adminPasswordError(nueva);
  return mensaje ? { titulo: usuariosTexts.adminPassword, mensaje } : null;
}
