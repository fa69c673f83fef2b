import { TEXTS, type Cliente } from '@cuota/shared';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  FileText,
  KycBadge,
  LogOut,
  PageSpinner,
  Plus,
  ScoreDisplay,
  SearchX,
  User,
} from '@cuota/shared/ui';
import { errorMessage, getAuthBridge } from '@cuota/shared/web';
import { Link } from 'react-router-dom';
import { useMe } from '../api/get-me';

const p = TEXTS.portal;

function SignOutButton() {
  return (
    <Button variant="ghost" onClick={() => void getAuthBridge().signOut()}>
      <LogOut aria-hidden />
      {TEXTS.auth.signOut}
    </Button>
  );
}

function PortalHeader() {
  return (
    <header className="border-b border-border bg-card">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6">
        <div className="flex flex-col leading-tight">
          <span className="text-lg font-bold text-primary">{TEXTS.brand}</span>
          <span className="text-xs text-muted-foreground">{p.subtitle}</span>
        </div>
        <nav className="flex flex-wrap items-center gap-1">
          <Button asChild variant="ghost">
            <Link to="/configuracion">
              <User aria-hidden />
              {p.myProfile}
            </Link>
          </Button>
          <Button asChild>
            <Link to="/solicitudes">
              <Plus aria-hidden />
              {p.newApplication}
            </Link>
          </Button>
          <SignOutButton />
        </nav>
      </div>
    </header>
  );
}

function Bienvenida({ cliente }: { cliente: Cliente }) {
  return (
    <Card>
      <CardHeader>
        <CardDescription>{p.welcome}</CardDescription>
        <CardTitle className="text-2xl">
          {cliente.nombre} {cliente.apellido}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1">
          <span className="text-xs text-muted-foreground">{p.score}</span>
          <ScoreDisplay score={cliente.score_crediticio} />
        </div>
        <div className="grid content-start gap-1">
          <span className="text-xs text-muted-foreground">KYC</span>
          <KycBadge completo={cliente.kyc_completado} />
        </div>
      </CardContent>
    </Card>
  );
}

export function PortalPage() {
  const { data: me, isPending, isError, error } = useMe();
  if (isPending) return <PageSpinner />;
  if (isError) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16">
        <EmptyState
          title={TEXTS.errors.genericTitle}
          description={errorMessage(error, TEXTS.errors.internal)}
          action={<SignOutButton />}
        />
      </main>
    );
  }
  if (!me?.cliente) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16">
        <Card>
          <CardContent className="pt-6">
            <EmptyState
              icon={<SearchX />}
              title={p.profileNotFound}
              description={p.profileNotFoundText}
              action={<SignOutButton />}
            />
          </CardContent>
        </Card>
      </main>
    );
  }
  return (
    <div className="min-h-dvh bg-background">
      <PortalHeader />
      <main className="mx-auto grid max-w-5xl gap-6 px-4 py-6 sm:px-6 sm:py-8">
        <h1 className="sr-only">{p.subtitle}</h1>
        <Bienvenida cliente={me.cliente} />
        <Card>
          <CardContent className="pt-6">
            <EmptyState icon={<FileText />} title={TEXTS.construction.title} description={TEXTS.construction.text} />
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
