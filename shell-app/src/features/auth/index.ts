export { RouteGuard } from './components/route-guard';
export { identityQueryOptions, useIdentity } from './api/get-identity';
export { signOutAndLeave } from './lib/actions';
export { getIdToken } from './lib/session';
export type { Identity } from './lib/guard';
export { changePassword } from './lib/session';
export { isWrongCurrentPassword } from './lib/auth-errors';
export { identityQueryKey } from './api/get-identity';
