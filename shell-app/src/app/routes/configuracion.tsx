import { isStaff } from '@cuota/shared/roles';
import { navTexts } from '@cuota/shared/texts/nav';
import { ArrowLeft, Button } from '@cuota/shared/ui';
import { Link } from 'react-router-dom';
import { useObtenerIdentidad } from '../../features/auth';
import { ConfiguracionPage } from '../../features/configuracion';
import { AdminLayout } from '../layouts/admin-layout';

/** /configuracion: staff see it inside the admin layout; customers get 'Volver al Portal' and no staff navigation. */
export function ConfiguracionRoute() {
  const { data: identity } = useObtenerIdentidad();
  const roles = identity?.status === 'signed-in' ? identity.me.roles : [];
  if (isStaff(roles)) {
    return (
      <AdminLayout>
        <ConfiguracionPage esAdmin={roles.includes('admin')} esStaff />
      </AdminLayout>
    );
  }
  return (
    <main className="mx-auto grid w-full max-w-4xl grid-cols-1 gap-4 px-4 py-6 sm:px-6">
      <Button asChild variant="ghost" className="w-fit">
        <Link to="/portal">
          <ArrowLeft aria-hidden />
          {navTexts.backToPortal}
        </Link>
      </Button>
      <ConfiguracionPage esAdmin={false} esStaff={false} />
    </main>
  );
}
