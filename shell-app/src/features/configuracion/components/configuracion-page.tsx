import { configuracionPageTexts } from '@cuota/shared/texts/configuracionPage';
import { EncabezadoDePagina, PageSpinner, Tabs, TabsContent, TabsList, TabsTrigger } from '@cuota/shared/ui';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { loadRemoteComponent } from '../../remotes';
import { MfaCard } from './mfa-card';
import { NotificacionesTab } from './notificaciones-tab';
import { PerfilTab } from './perfil-tab';
import { SeguridadTab } from './seguridad-tab';

const t = configuracionPageTexts;

// The admin-only tabs live in the admin remote and are fetched only when an admin opens them.
const SistemaTab = lazy(async () => ({ default: await loadRemoteComponent('admin/configuracion', 'SistemaTab') }));
const PagosTab = lazy(async () => ({ default: await loadRemoteComponent('admin/configuracion', 'PagosTab') }));

const TABS = ['perfil', 'seguridad', 'sistema', 'pagos', 'notificaciones'] as const;
type Tab = (typeof TABS)[number];

/**
 * Spec §2 Settings for every signed-in user: Perfil, Seguridad and Notificaciones; Sistema and
 * Pagos for administrators only. The open tab is kept in `?tab=` so it survives a reload.
 * Staff also get TOTP under Seguridad (customers are not offered it): optional, or required where
 * staff MFA is (`?mfa=requerida`, the API's 403 MFA_REQUERIDA).
 */
export function ConfiguracionPage({ esAdmin, esStaff }: { esAdmin: boolean; esStaff: boolean }) {
  const [params, setParams] = useSearchParams();
  const pedido = params.get('tab') as Tab | null;
  const visibles = TABS.filter((tab) => esAdmin || (tab !== 'sistema' && tab !== 'pagos'));
  const tab: Tab = pedido && visibles.includes(pedido) ? pedido : 'perfil';
  // sent here by a staff call refused with 403 MFA_REQUERIDA (auth exigirMfa)
  const mfaRequerida = params.get('mfa') === 'requerida';
  return (
    <div className="grid gap-6">
      <EncabezadoDePagina titulo={t.title} subtitulo={t.subtitle} />
      <Tabs value={tab} onValueChange={(next) => setParams(next === 'perfil' ? {} : { tab: next }, { replace: true })}>
        <TabsList className="justify-start">
          {visibles.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t.tabs[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="perfil">
          <PerfilTab />
        </TabsContent>
        <TabsContent value="seguridad" className="grid gap-6">
          <SeguridadTab esAdmin={esAdmin} />
          {esStaff ? <MfaCard requerida={mfaRequerida} /> : null}
        </TabsContent>
        {esAdmin ? (
          <>
            <TabsContent value="sistema">
              <Suspense fallback={<PageSpinner />}>
                <SistemaTab />
              </Suspense>
            </TabsContent>
            <TabsContent value="pagos">
              <Suspense fallback={<PageSpinner />}>
                <PagosTab />
              </Suspense>
            </TabsContent>
          </>
        ) : null}
        <TabsContent value="notificaciones">
          <NotificacionesTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
