import type { Cliente } from '@cuota/shared/schemas/cliente';
import { authTexts } from '@cuota/shared/texts/auth';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { generalTexts } from '@cuota/shared/texts/general';
import { portalTexts } from '@cuota/shared/texts/portal';
import {
  Button,
  EmptyState,
  KycBadge,
  LogOut,
  PageSpinner,
  Plus,
  SearchX,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  TarjetaVacia,
  User,
} from '@cuota/shared/ui';
import { CargaDiferida, errorMessage, getAuthBridge, NotificationBell, useObtenerYo } from '@cuota/shared/web';
import { Link, useSearchParams } from 'react-router-dom';
import { MisCreditosTab } from '../../creditos';
import { DocumentosTab } from '../../documentos';
import { NotificacionesTab } from '../../notificaciones';
import { MisPagosTab } from '../../pagos';
import { ResumenPortal } from '../../resumen';
import { MisSolicitudesTab } from '../../solicitudes';

const p = portalTexts;

/** On a phone the header keeps to one row: its actions show their icon only, and keep their name for screen readers. */
const ACCION = 'size-10 px-0 sm:w-auto sm:px-4';

function Etiqueta({ children }: { children: string }) {
  return <span className="sr-only sm:not-sr-only">{children}</span>;
}

function SignOutButton({ enEncabezado = false }: { enEncabezado?: boolean }) {
  return (
    <Button variant="ghost" className={enEncabezado ? ACCION : undefined} onClick={() => void getAuthBridge().signOut()}>
      <LogOut aria-hidden />
      {enEncabezado ? <Etiqueta>{authTexts.signOut}</Etiqueta> : authTexts.signOut}
    </Button>
  );
}

function PortalHeader() {
  return (
    <header className="border-b border-border bg-card">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-2 px-4 py-3 sm:px-6">
        <div className="flex min-w-0 flex-col leading-tight">
          <span className="text-lg font-bold text-primary">{generalTexts.brand}</span>
          <span className="truncate text-xs text-muted-foreground">{p.subtitle}</span>
        </div>
        <nav className="flex shrink-0 items-center gap-1">
          <NotificationBell />
          <Button asChild variant="ghost" className={ACCION}>
            <Link to="/configuracion">
              <User aria-hidden />
              <Etiqueta>{p.myProfile}</Etiqueta>
            </Link>
          </Button>
          <Button asChild className={ACCION}>
            <Link to="/portal/nueva-solicitud">
              <Plus aria-hidden />
              <Etiqueta>{p.newApplication}</Etiqueta>
            </Link>
          </Button>
          <SignOutButton enEncabezado />
        </nav>
      </div>
    </header>
  );
}

function Bienvenida({ cliente }: { cliente: Cliente }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-2">
      <div>
        <p className="text-sm text-muted-foreground">{p.welcome}</p>
        <h1 className="text-2xl font-semibold tracking-tight">
          {cliente.nombre} {cliente.apellido}
        </h1>
      </div>
      <KycBadge completo={cliente.kyc_completado} />
    </div>
  );
}

const TABS = ['creditos', 'solicitudes', 'pagos', 'notificaciones', 'documentos'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABEL: Record<Tab, string> = {
  creditos: p.tabCreditos,
  solicitudes: p.tabSolicitudes,
  pagos: p.tabPagos,
  notificaciones: p.tabNotificaciones,
  documentos: p.tabDocumentos,
};

/** The five tabs; the open one is kept in `?tab=` (links such as /portal?tab=solicitudes land on it). */
function PortalTabs() {
  const [params, setParams] = useSearchParams();
  const pedido = params.get('tab') as Tab | null;
  const tab: Tab = pedido && TABS.includes(pedido) ? pedido : 'creditos';
  return (
    <Tabs value={tab} onValueChange={(next) => setParams(next === 'creditos' ? {} : { tab: next }, { replace: true })}>
      <TabsList className="justify-start">
        {TABS.map((value) => (
          <TabsTrigger key={value} value={value}>
            {TAB_LABEL[value]}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="creditos">
        <MisCreditosTab />
      </TabsContent>
      {/* the tabs other than Créditos download when first shown (lazy components of their features) */}
      <TabsContent value="solicitudes">
        <CargaDiferida>
          <MisSolicitudesTab />
        </CargaDiferida>
      </TabsContent>
      <TabsContent value="pagos">
        <CargaDiferida>
          <MisPagosTab />
        </CargaDiferida>
      </TabsContent>
      <TabsContent value="notificaciones">
        <CargaDiferida>
          <NotificacionesTab />
        </CargaDiferida>
      </TabsContent>
      <TabsContent value="documentos">
        <CargaDiferida>
          <DocumentosTab />
        </CargaDiferida>
      </TabsContent>
    </Tabs>
  );
}

export function PortalPage() {
  const { data: me, isPending, isError, error } = useObtenerYo();
  if (isPending) return <PageSpinner />;
  if (isError) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16">
        <EmptyState
          title={errorsTexts.genericTitle}
          description={errorMessage(error, errorsTexts.internal)}
          action={<SignOutButton />}
        />
      </main>
    );
  }
  if (!me?.cliente) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16">
        <TarjetaVacia
          icon={<SearchX />}
          title={p.profileNotFound}
          description={p.profileNotFoundText}
          action={<SignOutButton />}
        />
      </main>
    );
  }
  return (
    <div className="min-h-dvh bg-background">
      <PortalHeader />
      <main className="mx-auto grid max-w-5xl grid-cols-1 gap-6 px-4 py-6 sm:px-6 sm:py-8">
        <Bienvenida cliente={me.cliente} />
        <ResumenPortal />
        <PortalTabs />
      </main>
    </div>
  );
}
