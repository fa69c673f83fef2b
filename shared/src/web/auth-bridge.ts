import type { Me } from '../schemas/me';

/**
 * What the shell, which owns Amplify and the session, offers the remotes. The shell
 * registers it once at start-up; @cuota/shared is a module-federation singleton, so the
 * remotes read the same registration.
 */
export interface AuthBridge {
  /** The Cognito ID token (refreshed when needed), or null without a session. */
  getIdToken(): Promise<string | null>;
  /** Signs out, tells the user and goes to /auth. */
  signOut(): Promise<void>;
  /** The current user (GET /api/me, cached by the shell), or null without a session; rejects if /api/me failed. */
  me(): Promise<Me | null>;
  /**
   * The API refused the session (401 with a token: expired beyond refresh, or revoked — a role
   * removed, the account disabled): forget it locally, tell the user `mensaje` and go to /auth.
   */
  sesionTerminada?(mensaje: string): void;
  /**
   * The API refused a staff call with 403 MFA_REQUERIDA (staff MFA is required and this account has
   * no authenticator app): send the user to Configuración → Seguridad with `mensaje`.
   */
  mfaRequerida?(mensaje: string): void;
}

let bridge: AuthBridge | null = null;

export function registerAuthBridge(next: AuthBridge | null): void {
  bridge = next;
}

export function getAuthBridge(): AuthBridge {
  if (!bridge) throw new Error('El puente de autenticación no está registrado (registerAuthBridge)');
  return bridge;
}
