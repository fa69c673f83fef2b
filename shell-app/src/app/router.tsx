import { RUTAS_SHELL as R } from '@cuota/shared/rutas';
import { PageSpinner } from '@cuota/shared/ui/spinner';
import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { GuardKind } from '../features/auth';
import { loadRemoteComponent } from '../features/remotes';
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

/** The session chunk (config, TanStack Query, toasts, auth bridge): never part of the landing's download. */
const sesion = () => import('./sesion');

/** A guard as a lazy pathless route: its loader starts /api/me and the remote's entry together. */
function guardia(kind: GuardKind, children: RouteObject[]): RouteObject {
  return {
    lazy: async () => {
      const { Guardia, cargadorDeGuardia } = await sesion();
      return { Component: () => <Guardia kind={kind} />, loader: cargadorDeGuardia(kind) };
    },
    children,
  };
}

const adminLayout = (children: RouteObject[]): RouteObject => ({
  lazy: local(async () => (await import('./layouts/admin-layout')).AdminLayout),
  children,
});

/** Every path here is in RUTAS_SHELL (@cuota/shared/rutas), the list the origins answer 200 for; any other path is a 404. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: R.inicio, lazy: local(async () => (await import('../features/landing')).LandingPage) },
      {
        lazy: async () => {
          const { ConSesion, prepararSesion } = await sesion();
          return { Component: ConSesion, loader: async () => (await prepararSesion(), null) };
        },
        children: [
          { path: R.auth, lazy: local(async () => (await import('../features/auth')).cargarAuthPage()) },
          { path: R.restablecer, lazy: local(async () => (await import('../features/auth')).cargarRestablecerPage()) },
          guardia('staff', [
            // Printable documents open in a window of their own: no app chrome (AdminLayout).
            { path: R.contrato, element: remote('admin/creditos', 'ContratoPage') },
            { path: R.comprobantes, element: remote('admin/creditos', 'ComprobantesPage') },
            { path: R.recibo, element: remote('admin/creditos', 'ReciboPage') },
            { path: R.liquidacion, element: remote('admin/creditos', 'LiquidacionPage') },
            { path: R.constancia, element: remote('admin/creditos', 'ConstanciaPage') },
            adminLayout([
              { path: R.clientes, element: remote('admin/clientes', 'ClientesPage') },
              { path: R.cliente, element: remote('admin/clientes', 'ClientePerfilPage') },
              { path: R.solicitudes, element: remote('admin/solicitudes', 'SolicitudesPage') },
              { path: R.solicitud, element: remote('admin/solicitudes', 'SolicitudDetallePage') },
              { path: R.creditos, element: remote('admin/creditos', 'CreditosPage') },
              { path: R.credito, element: remote('admin/creditos', 'CreditoDetallePage') },
              { path: R.productos, element: remote('admin/productos', 'ProductosPage') },
              { path: R.usuarios, element: remote('admin/usuarios', 'UsuariosPage') },
              { path: R.conciliacion, element: remote('admin/conciliacion', 'ConciliacionPage') },
              { path: R.monitoreo, element: remote('admin/monitoreo', 'MonitoreoPage') },
              { path: R.comunicacion, element: remote('admin/comunicacion', 'ComunicacionPage') },
              { path: R.cobranza, element: remote('admin/cobranza', 'CobranzaPage') },
              { path: R.reportes, element: remote('admin/reportes', 'ReportesPage') },
              { path: R.riesgo, element: remote('admin/riesgo', 'RiesgoPage') },
            ]),
          ]),
          guardia('dashboard', [adminLayout([{ path: R.dashboard, element: remote('admin/dashboard', 'DashboardPage') }])]),
          guardia('signed-in', [
            { path: R.portal, element: remote('portal/portal', 'PortalPage') },
            // Beyond the spec: customers apply for themselves (the spec's /solicitudes is staff-only).
            { path: R.portalNuevaSolicitud, element: remote('portal/paginas', 'NuevaSolicitudPage') },
            // The customer's own printable documents, in a window of their own.
            { path: R.portalContrato, element: remote('portal/paginas', 'ContratoPortalPage') },
            { path: R.portalComprobantes, element: remote('portal/paginas', 'ComprobantesPortalPage') },
            { path: R.portalRecibo, element: remote('portal/paginas', 'ReciboPortalPage') },
            { path: R.portalConstancia, element: remote('portal/paginas', 'ConstanciaPortalPage') },
            {
              path: R.configuracion,
              lazy: local(async () => (await import('./routes/configuracion')).ConfiguracionRoute),
            },
          ]),
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
