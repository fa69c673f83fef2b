export { RouteGuard } from './components/route-guard';
export { identityQueryOptions, useIdentity } from './api/get-identity';
export { signOutAndLeave } from './lib/actions';
export { getIdToken } from './lib/session';
export type { Identity } from './lib/guard';
