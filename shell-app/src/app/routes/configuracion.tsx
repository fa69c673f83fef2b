import { isStaff, TEXTS } from '@cuota/shared';
import { ArrowLeft, Button, PageSpinner } from '@cuota/shared/ui';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useIdentity } from '../../features/auth';
import { loadRemoteComponent } from '../../features/remotes/load-remote';
import { AdminLayout } from '../layouts/admin-layout';
import { UnderConstruction } from './under-construction';

/** Staff settings (Perfil, Seguridad; Sistema and Pagos for admins) live in the admin remote. */
const StaffConfiguracion = lazy(async () => ({ default: await loadRemoteComponent('admin/configuracion', 'ConfiguracionPage') }));

/** /configuracion: staff see it inside the admin layout; customers get 'Volver al Portal' and no staff navigation. */
export function ConfiguracionRoute() {
  const { data: identity } = useIdentity();
  if (identity?.status === 'signed-in' && isStaff(identity.me.roles)) {
    return (
      <AdminLayout>
        <Suspense fallback={<PageSpinner />}>
          <StaffConfiguracion />
        </Suspense>
      </AdminLayout>
    );
  }
  const page = <UnderConstruction title={TEXTS.pages.configuracion} />;
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4 px-4 py-6 sm:px-6">
      <Button asChild variant="ghost" className="w-fit">
        <Link to="/portal">
          <ArrowLeft aria-hidden />
          {TEXTS.nav.backToPortal}
        </Link>
      </Button>
      {page}
    </div>
  );
}
