export const STAFF_ROLES = ['admin', 'analista', 'cobrador'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Administrador',
  analista: 'Analista de Crédito',
  cobrador: 'Cobrador',
};

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

/** Spec §6: admin-page access needs at least one role; the role name is not checked beyond existence. */
export function isStaff(roles: readonly string[]): boolean {
  return roles.some(isStaffRole);
}

/**
 * 403 code of a staff route (or the staff WebSocket) refused because the account has no
 * authenticator app enrolled while staff MFA is required (functions/src/commons/auth.ts `exigeMfa`).
 */
export const CODIGO_MFA_REQUERIDA = 'MFA_REQUERIDA';
