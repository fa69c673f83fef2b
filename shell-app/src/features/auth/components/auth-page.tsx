import { adminPasswordError, TEXTS } from '@cuota/shared';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  ShieldAlert,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@cuota/shared/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { CredentialsForm } from './credentials-form';
import { RegisterForm } from './register-form';

const TABS = ['login', 'registro', 'admin'] as const;
type AuthTab = (typeof TABS)[number];

export function tabFromQuery(value: string | null): AuthTab {
  return TABS.find((tab) => tab === value) ?? 'login';
}

function adminPrecheck(password: string) {
  const message = adminPasswordError(password);
  return message ? { title: TEXTS.auth.adminPasswordTitle, message } : null;
}

export function AuthPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabFromQuery(params.get('tab'));
  const t = TEXTS.auth;

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-br from-brand-dark via-primary to-primary/80 px-4 py-10">
      <Link to="/" className="mb-6 text-2xl font-bold tracking-tight text-white">
        {TEXTS.brand}
      </Link>
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <h1 className="text-2xl font-semibold">{TEXTS.loginHeading}</h1>
        </CardHeader>
        <CardContent>
          <Tabs value={tab} onValueChange={(value) => setParams({ tab: tabFromQuery(value) }, { replace: true })}>
            <TabsList className="grid w-full grid-cols-3 sm:w-full">
              <TabsTrigger value="login">{t.tabLogin}</TabsTrigger>
              <TabsTrigger value="registro">{t.tabRegister}</TabsTrigger>
              <TabsTrigger value="admin">{t.tabAdmin}</TabsTrigger>
            </TabsList>
            <TabsContent value="login" className="grid gap-4">
              <CardDescription>{t.loginDescription}</CardDescription>
              <CredentialsForm emailName="client_login_email" passwordName="client_login_password" submitLabel={t.loginSubmit} />
            </TabsContent>
            <TabsContent value="registro" className="grid gap-4">
              <CardDescription>{t.registerDescription}</CardDescription>
              <RegisterForm />
            </TabsContent>
            <TabsContent value="admin" className="grid gap-4">
              <div className="flex gap-2 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm">
                <ShieldAlert aria-hidden className="size-5 shrink-0 text-warning-foreground" />
                <p>{t.adminNotice}</p>
              </div>
              <CredentialsForm
                emailName="admin_email"
                passwordName="admin_password"
                submitLabel={t.adminSubmit}
                precheck={adminPrecheck}
              />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </main>
  );
}
