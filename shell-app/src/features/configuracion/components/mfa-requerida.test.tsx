import { json, renderRemotePage, staffDePrueba } from '@cuota/shared/testing';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { mfaTexts } from '@cuota/shared/texts/mfa';
import { api, registerAuthBridge } from '@cuota/shared/web';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminHeader } from '../../../app/layouts/admin-header';
import { exigirMfa, identidadQueryKey, RUTA_MFA_REQUERIDA } from '../../auth';
import { ConfiguracionPage } from './configuracion-page';

/**
 * Staff MFA required (MFA_PERSONAL=obligatoria on AWS): a staff call answered 403 MFA_REQUERIDA
 * takes the user to Configuración → Seguridad, which says why; enrolling the app lets them go on.
 */

const session = vi.hoisted(() => ({
  getIdToken: vi.fn(async () => 'token'),
  claimMfaDe: vi.fn((_token: string | null): unknown => 'no'),
  changePassword: vi.fn(),
  hasTotp: vi.fn(async () => false),
  startTotpSetup: vi.fn(async () => ({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Cuota:ana?secret=JBSWY3DPEHPK3PXP' })),
  confirmTotpSetup: vi.fn(async (_code: string) => {}),
  disableTotp: vi.fn(async () => {}),
  // a token with the cuota_mfa claim ('no'): nothing to renew
  renovarSesionSinClaimMfa: vi.fn(async () => false),
}));
vi.mock('../../auth/lib/session', () => session);
vi.mock('../../remotes', () => ({ loadRemoteComponent: async () => () => null }));

/** A staff page standing in for the admin remote: it lists clients. */
function Clientes() {
  const clientes = useQuery({ queryKey: ['clientes'], queryFn: () => api.get('/api/clientes') });
  return <p>{clientes.isSuccess ? 'lista de clientes' : clientes.isError ? 'sin clientes' : 'cargando'}</p>;
}

const REQUERIDA = { code: 'MFA_REQUERIDA', message: errorsTexts.mfaRequerida };

function renderApp(clientes: () => Response = () => json(403, REQUERIDA)) {
  const view = renderRemotePage(
    [
      { path: '/clientes', element: <Clientes /> },
      { path: '/configuracion', element: <ConfiguracionPage esAdmin={false} esStaff /> },
    ],
    '/clientes',
    (url) => {
      // by default, the API as it answers a staff token without TOTP
      if (url.pathname === '/api/clientes') return clientes();
      if (url.pathname === '/api/perfil')
        return json(200, { tipo: 'personal', nombre: 'Ana', apellido: 'Mora', email: 'a@b.cr' });
      return json(404, { code: 'NOT_FOUND', message: 'no' });
    },
  );
  // the shell's bridge (app/sesion.tsx) on this test's router
  registerAuthBridge({
    getIdToken: async () => 'token',
    signOut: async () => {},
    me: async () => null,
    mfaRequerida: (mensaje) =>
      void exigirMfa(view.queryClient, (to) => view.router.navigate(to), mensaje, view.router.state.location),
  });
  return view;
}

beforeEach(() => {
  vi.clearAllMocks();
  session.hasTotp.mockResolvedValue(false);
  session.claimMfaDe.mockReturnValue('no');
});
afterEach(() => vi.unstubAllGlobals());

describe('MFA obligatoria para el personal', () => {
  it('un 403 MFA_REQUERIDA lleva a Configuración → Seguridad con el aviso y un solo toast', async () => {
    const { router } = renderApp();
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(RUTA_MFA_REQUERIDA));
    expect(await screen.findByRole('tab', { name: 'Seguridad' })).toHaveAttribute('aria-selected', 'true');
    const aviso = await screen.findByRole('alert');
    expect(aviso).toHaveTextContent(mfaTexts.requeridaTitulo);
    expect(aviso).toHaveTextContent(mfaTexts.requeridaTexto);
    const toast = (await screen.findByText(errorsTexts.mfaRequerida)).closest('li')!;
    expect(within(toast).getByText(mfaTexts.requeridaTitulo)).toBeInTheDocument();

    // once there, another refused staff call neither navigates nor toasts again
    await expect(api.get('/api/clientes')).rejects.toMatchObject({ code: 'MFA_REQUERIDA' });
    expect(screen.getAllByText(errorsTexts.mfaRequerida)).toHaveLength(1);
  });

  it('al activar la app de autenticación el aviso desaparece y el toast dice que ya puede seguir', async () => {
    const { router, user } = renderApp();
    await waitFor(() => expect(router.state.location.search).toContain('mfa=requerida'));
    await user.click(await screen.findByRole('button', { name: mfaTexts.activar }));
    await user.type(await screen.findByLabelText(mfaTexts.codigo), '123456');
    await user.click(screen.getByRole('button', { name: mfaTexts.verificar }));
    expect(await screen.findByText(mfaTexts.requeridaLista)).toBeInTheDocument();
    expect(session.confirmTotpSetup.mock.calls[0]?.[0]).toBe('123456');
    await waitFor(() => expect(screen.queryByText(mfaTexts.requeridaTexto)).not.toBeInTheDocument());
    expect(await screen.findByText(mfaTexts.activada)).toBeInTheDocument();
  });

  it('un token sin el claim (de antes del despliegue) se renueva una vez: si ahora dice TOTP, lo rechazado carga y no hay aviso', async () => {
    let renovada = false;
    session.renovarSesionSinClaimMfa.mockImplementationOnce(async () => (renovada = true));
    const { router } = renderApp(() => (renovada ? json(200, []) : json(403, REQUERIDA)));
    expect(await screen.findByText('lista de clientes')).toBeInTheDocument();
    expect(session.renovarSesionSinClaimMfa).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/clientes');
    expect(screen.queryByText(errorsTexts.mfaRequerida)).not.toBeInTheDocument();
  });

  it('si /api/me ya dijo que esta sesión no necesita MFA (el stack local), una negativa no renueva la sesión', async () => {
    const navigate = vi.fn();
    const queryClient = new QueryClient();
    queryClient.setQueryData(identidadQueryKey, { status: 'signed-in', me: { roles: ['analista'], mfa_requerida: false } });
    await exigirMfa(queryClient, navigate, 'x', { pathname: '/clientes', search: '' });
    expect(session.renovarSesionSinClaimMfa).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith(RUTA_MFA_REQUERIDA);
  });

  it('una negativa de una llamada que salió con el token viejo, ya renovado a TOTP: se pide de nuevo, sin aviso', async () => {
    session.claimMfaDe.mockReturnValue('totp');
    let llamadas = 0;
    const { router } = renderApp(() => (++llamadas === 1 ? json(403, REQUERIDA) : json(200, [])));
    expect(await screen.findByText('lista de clientes')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/clientes');
    expect(screen.queryByText(errorsTexts.mfaRequerida)).not.toBeInTheDocument();
  });

  it('ya en Configuración → Seguridad (?mfa=requerida) no navega de nuevo', async () => {
    const navigate = vi.fn();
    await exigirMfa(new QueryClient(), navigate, 'x', {
      pathname: RUTA_MFA_REQUERIDA.split('?')[0]!,
      search: '?tab=seguridad&mfa=requerida',
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('en la página, sin app: el encabezado no abre el WebSocket ni pide notificaciones; activada y renovada la sesión, sí', async () => {
    let activada = false;
    session.confirmTotpSetup.mockImplementation(async () => {
      activada = true; // the session renewed: its token now says TOTP, and /api/me agrees
    });
    const me = () => staffDePrueba(['analista'], { mfa_requerida: !activada });
    const view = renderRemotePage(
      [
        {
          path: '/configuracion',
          element: (
            <>
              <AdminHeader />
              <ConfiguracionPage esAdmin={false} esStaff />
            </>
          ),
        },
      ],
      RUTA_MFA_REQUERIDA,
      (url) => {
        if (url.pathname === '/api/me') return json(200, me());
        if (url.pathname.startsWith('/api/notificaciones'))
          return activada ? json(200, url.pathname.endsWith('no-leidas') ? { count: 0 } : { items: [] }) : json(403, REQUERIDA);
        if (url.pathname === '/api/perfil')
          return json(200, { tipo: 'personal', nombre: 'Ana', apellido: 'Mora', email: 'a@b.cr' });
        return json(404, { code: 'NOT_FOUND', message: 'no' });
      },
    );
    const sockets: string[] = [];
    vi.stubGlobal(
      'WebSocket',
      class {
        readyState = 0;
        constructor(url: string) {
          sockets.push(url);
        }
        send() {}
        close() {}
      },
    );
    const notificaciones = () => view.fetchMock.mock.calls.filter(([u]) => String(u).includes('/api/notificaciones'));

    await screen.findByRole('button', { name: /^Menú de usuario/ });
    await screen.findByRole('button', { name: mfaTexts.activar });
    expect(screen.queryByRole('button', { name: /^Notificaciones/ })).toBeNull();
    expect(notificaciones()).toHaveLength(0);
    expect(sockets).toHaveLength(0);

    await view.user.click(screen.getByRole('button', { name: mfaTexts.activar }));
    await view.user.type(await screen.findByLabelText(mfaTexts.codigo), '123456');
    await view.user.click(screen.getByRole('button', { name: mfaTexts.verificar }));
    expect(await screen.findByRole('button', { name: /^Notificaciones/ })).toBeInTheDocument();
    await waitFor(() => expect(sockets).toHaveLength(1));
    expect(notificaciones().length).toBeGreaterThan(0);
  });
});
