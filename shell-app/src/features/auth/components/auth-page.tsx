import { adminPasswordError } from '@cuota/shared/password';
import { authTexts } from '@cuota/shared/texts/auth';
import { generalTexts } from '@cuota/shared/texts/general';
import { restablecerTexts } from '@cuota/shared/texts/restablecer';
import { CardDescription, ShieldAlert, Tabs, TabsContent, TabsList, TabsTrigger } from '@cuota/shared/ui';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { precargarCognito } from '../lib/session';
import { AuthFrame } from './auth-frame';
import { CredentialsForm } from './credentials-form';
import { RegisterForm } from './register-form';

const TABS = ['login', 'registro', 'admin'] as const;
type AuthTab = (typeof TABS)[number];

export function tabFromQuery(value: string | null): AuthTab {
  return TABS.find((tab) => tab === value) ?? 'login';
}

function adminPrecheck(password: string) {
  const message = adminPasswordError(password);
  return message ? { title: authTexts.adminPasswordTitle, message } : null;
}

export function AuthPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabFromQuery(params.get('tab'));
  const t = authTexts;
  // every tab signs in through Amplify (registration signs the new customer in): load it now
  useEffect(() => precargarCognito(), []);

  return (
    <AuthFrame title={generalTexts.loginHeading}>
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: tabFromQuery(value) }, { replace: true })}>
        <TabsList className="grid w-full grid-cols-3 sm:w-full">
          <TabsTrigger value="login">{t.tabLogin}</TabsTrigger>
          <TabsTrigger value="registro">{t.tabRegister}</TabsTrigger>
          <TabsTrigger value="admin">{t.tabAdmin}</TabsTrigger>
        </TabsList>
        <TabsContent value="login" className="grid gap-4">
          <CardDescription>{t.loginDescription}</CardDescription>
          <CredentialsForm
            emailName="client_login_email"
            passwordName="client_login_password"
            submitLabel={t.loginSubmit}
            destino="portal"
          />
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
            destino="admin"
          />
        </TabsContent>
      </Tabs>
      {tab === 'registro' ? null : (
        <p className="mt-4 text-center text-sm">
          <Link to="/restablecer-contrasena" className="text-primary underline-offset-4 hover:underline">
            {restablecerTexts.olvido}
          </Link>
        </p>
      )}
    </AuthFrame>
  );
}
