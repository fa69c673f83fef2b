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
