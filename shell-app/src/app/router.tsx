import { PageSpinner } from '@cuota/shared/ui';
import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { cargarAuthPage, cargarRestablecerPage, RouteGuard } from '../features/auth';
import { loadRemoteComponent } from '../features/remotes';
import { AdminLayout } from './layouts/admin-layout';
import { RouteErrorScreen } from './routes/app-error';
import { NotFound } from './routes/not-found';

/**
 * A remote page as a lazy element, not a route `lazy`: it is fetched only once the guard
 * above it has allowed the user in.
 */
function remote(id: Parameters<typeof loadRemoteComponent>[0], exportName: string) {
  const Page = lazy(async () => ({ default: await loadRemoteComponent(id, exportName) }));
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

const local = (load: () => Promise<ComponentType>) => async () => ({ Component: await load() });

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: '/', lazy: local(async () => (await import('../features/landing')).LandingPage) },
      { path: '/auth', lazy: local(cargarAuthPage) },
      {
        path: '/restablecer-contrasena',
        lazy: local(cargarRestablecerPage),
      },
      {
        element: <RouteGuard kind="staff" />,
        children: [
          // Printable documents open in a window of their own: no app chrome (AdminLayout).
          { path: '/creditos/:id/contrato', element: remote('admin/creditos', 'ContratoPage') },
          { path: '/creditos/:id/comprobantes', element: remote('admin/creditos', 'ComprobantesPage') },
          { path: '/pagos/:id/recibo', element: remote('admin/creditos', 'ReciboPage') },
          { path: '/creditos/:id/liquidacion', element: remote('admin/creditos', 'LiquidacionPage') },
          { path: '/creditos/:id/constancia', element: remote('admin/creditos', 'ConstanciaPage') },
          {
            element: <AdminLayout />,
            children: [
              { path: '/clientes', element: remote('admin/clientes', 'ClientesPage') },
              { path: '/clientes/:id', element: remote('admin/clientes', 'ClientePerfilPage') },
              { path: '/solicitudes', element: remote('admin/solicitudes', 'SolicitudesPage') },
              { path: '/solicitudes/:id', element: remote('admin/solicitudes', 'SolicitudDetallePage') },
              { path: '/creditos', element: remote('admin/creditos', 'CreditosPage') },
              { path: '/creditos/:id', element: remote('admin/creditos', 'CreditoDetallePage') },
              { path: '/productos', element: remote('admin/productos', 'ProductosPage') },
              { path: '/usuarios', element: remote('admin/usuarios', 'UsuariosPage') },
              { path: '/conciliacion', element: remote('admin/conciliacion', 'ConciliacionPage') },
              { path: '/monitoreo', element: remote('admin/monitoreo', 'MonitoreoPage') },
              { path: '/comunicacion', element: remote('admin/comunicacion', 'ComunicacionPage') },
              { path: '/cobranza', element: remote('admin/cobranza', 'CobranzaPage') },
              { path: '/reportes', element: remote('admin/reportes', 'ReportesPage') },
              { path: '/riesgo', element: remote('admin/riesgo', 'RiesgoPage') },
            ],
          },
        ],
      },
      {
        element: <RouteGuard kind="dashboard" />,
        children: [
          { element: <AdminLayout />, children: [{ path: '/dashboard', element: remote('admin/dashboard', 'DashboardPage') }] },
        ],
      },
      {
        element: <RouteGuard kind="signed-in" />,
        children: [
          { path: '/portal', element: remote('portal/portal', 'PortalPage') },
          // Beyond the spec: customers apply for themselves (the spec's /solicitudes is staff-only).
          { path: '/portal/nueva-solicitud', element: remote('portal/portal', 'NuevaSolicitudPage') },
          // The customer's own printable documents, in a window of their own.
          { path: '/portal/creditos/:id/contrato', element: remote('portal/portal', 'ContratoPortalPage') },
          { path: '/portal/creditos/:id/comprobantes', element: remote('portal/portal', 'ComprobantesPortalPage') },
          { path: '/portal/pagos/:id/recibo', element: remote('portal/portal', 'ReciboPortalPage') },
          { path: '/portal/creditos/:id/constancia', element: remote('portal/portal', 'ConstanciaPortalPage') },
          { path: '/configuracion', lazy: local(async () => (await import('./routes/configuracion')).ConfiguracionRoute) },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/** Created after bootstrap(), so the first navigation already sees the registered remotes. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
