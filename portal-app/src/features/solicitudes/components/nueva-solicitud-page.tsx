import { generalTexts } from '@cuota/shared/texts/general';
import { portalTexts } from '@cuota/shared/texts/portal';
import { portalSolicitudesTexts } from '@cuota/shared/texts/portalSolicitudes';
import { ArrowLeft, Button, Card, CardContent, EncabezadoDePagina, Package, Spinner, TarjetaVacia } from '@cuota/shared/ui';
import { CargaDiferida, LoadError } from '@cuota/shared/web';
import { lazy } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useListarProductosActivos } from '../api/listar-productos-activos';

/** The form (and the form library) loads with this page, not with the portal's first screen. */
const SolicitudPortalForm = lazy(async () => ({ default: (await import('./solicitud-portal-form')).SolicitudPortalForm }));

const p = portalSolicitudesTexts;

function VolverAlPortal({ variant = 'ghost' }: { variant?: 'ghost' | 'outline' }) {
  return (
    <Button asChild variant={variant}>
      <Link to="/portal">
        <ArrowLeft aria-hidden />
        {p.volver}
      </Link>
    </Button>
  );
}

/**
 * /portal/nueva-solicitud: the customer's own application form with a live schedule preview.
 * The shell renders it without the portal page's header, so it brings its own top bar.
 */
export function NuevaSolicitudPage() {
  const navigate = useNavigate();
  const productos = useListarProductosActivos();

  const cargando = (
    <Card>
      <CardContent className="flex justify-center py-12">
        <Spinner className="size-8" />
      </CardContent>
    </Card>
  );

  let contenido;
  if (productos.isPending) {
    contenido = cargando;
  } else if (productos.isError) {
    contenido = (
      <Card>
        <CardContent className="pt-6">
          <LoadError title={p.productosError} error={productos.error} onRetry={() => void productos.refetch()} />
        </CardContent>
      </Card>
    );
  } else if (productos.data.items.length === 0) {
    contenido = (
      <TarjetaVacia
        icon={<Package />}
        title={p.sinProductos}
        description={p.sinProductosTexto}
        action={<VolverAlPortal variant="outline" />}
      />
    );
  } else {
    contenido = (
      <CargaDiferida fallback={cargando}>
        <SolicitudPortalForm productos={productos.data.items} onCreated={() => void navigate('/portal?tab=solicitudes')} />
      </CargaDiferida>
    );
  }

  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6">
          <div className="flex flex-col leading-tight">
            <span className="text-lg font-bold text-primary">{generalTexts.brand}</span>
            <span className="text-xs text-muted-foreground">{portalTexts.subtitle}</span>
          </div>
          <nav aria-label={portalTexts.subtitle}>
            <VolverAlPortal />
          </nav>
        </div>
      </header>
      <main className="mx-auto grid max-w-5xl grid-cols-1 gap-6 px-4 py-6 sm:px-6 sm:py-8">
        <EncabezadoDePagina titulo={p.titulo} subtitulo={p.subtitulo} />
        {contenido}
      </main>
    </div>
  );
}
