export { RouteGuard } from './components/route-guard';
export { obtenerIdentidadQueryOptions, useObtenerIdentidad } from './api/obtener-identidad';
export { exigirMfa, RUTA_MFA_REQUERIDA, signOutAndLeave, terminarSesion } from './lib/actions';
export { getIdToken } from './lib/session';
export type { GuardKind, Identity } from './lib/guard';
export { changePassword } from './lib/session';
export { identidadQueryKey } from './api/obtener-identidad';
export { confirmTotpSetup, disableTotp, hasTotp, startTotpSetup } from './lib/session';
export { isWrongTotpCode } from './lib/auth-errors';
export { totpCodeError } from './lib/totp-code';
export { TotpCodeField } from './components/totp-code-field';

/** The auth pages, loaded by the router on demand (each in a chunk of its own). */
export const cargarAuthPage = async () => (await import('./components/auth-page')).AuthPage;
export const cargarRestablecerPage = async () => (await import('./components/restablecer-page')).RestablecerPage;
