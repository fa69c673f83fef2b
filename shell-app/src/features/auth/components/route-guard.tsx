import { PageSpinner } from '@cuota/shared/ui';
import { Navigate, Outlet } from 'react-router-dom';
import { useObtenerIdentidad } from '../api/obtener-identidad';
import { decideAccess, type GuardKind } from '../lib/guard';

/** Spinner while the session and roles are checked, then the page or the redirect (spec §2, §6). */
export function RouteGuard({ kind }: { kind: GuardKind }) {
  const { data: identity } = useObtenerIdentidad();
  if (!identity) return <PageSpinner label="Verificando sesión" />;
  const decision = decideAccess(kind, identity);
  return decision.type === 'allow' ? <Outlet /> : <Navigate to={decision.to} replace />;
}
