import { isStaff } from '@cuota/shared/roles';
import type { Me } from '@cuota/shared/schemas/me';

/**
 * Who is on the page: no session; a session whose GET /api/me answered; or a session whose
 * role check failed (spec §6: treated as a non-admin).
 */
export type Identity = { status: 'signed-out' } | { status: 'signed-in'; me: Me } | { status: 'unverified' };

/** staff: admin pages. dashboard: /dashboard. signed-in: /portal and /configuracion. */
export type GuardKind = 'staff' | 'dashboard' | 'signed-in';

export type GuardDecision = { type: 'allow' } | { type: 'redirect'; to: string };

const allow: GuardDecision = { type: 'allow' };
const redirect = (to: string): GuardDecision => ({ type: 'redirect', to });

/** Spec §2 Guards and §6, as one pure decision. */
export function decideAccess(kind: GuardKind, identity: Identity): GuardDecision {
  switch (kind) {
    case 'staff':
      if (identity.status === 'signed-out') return redirect('/auth?tab=admin');
      return identity.status === 'signed-in' && isStaff(identity.me.roles) ? allow : redirect('/portal');
    case 'dashboard':
      if (identity.status !== 'signed-in') return redirect('/auth');
      if (isStaff(identity.me.roles)) return allow;
      return identity.me.cliente ? redirect('/portal') : redirect('/auth');
    case 'signed-in':
      return identity.status === 'signed-out' ? redirect('/auth') : allow;
  }
}

/** Spec §4: after login staff go to /clientes and everyone else to /portal. */
export function homeAfterLogin(identity: Identity): '/clientes' | '/portal' {
  return identity.status === 'signed-in' && isStaff(identity.me.roles) ? '/clientes' : '/portal';
}
