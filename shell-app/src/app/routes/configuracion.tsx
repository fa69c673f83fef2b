import { isStaff, TEXTS } from '@cuota/shared';
import { ArrowLeft, Button } from '@cuota/shared/ui';
import { Link } from 'react-router-dom';
import { useIdentity } from '../../features/auth';
import { AdminLayout } from '../layouts/admin-layout';
import { UnderConstruction } from './under-construction';

/** /configuracion: staff see it inside the admin layout; customers get 'Volver al Portal' and no staff navigation. */
export function ConfiguracionRoute() {
  const { data: identity } = useIdentity();
  const page = <UnderConstruction title={TEXTS.pages.configuracion} />;
  if (identity?.status === 'signed-in' && isStaff(identity.me.roles)) return <AdminLayout>{page}</AdminLayout>;
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
