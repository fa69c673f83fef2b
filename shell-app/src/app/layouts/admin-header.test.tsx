import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminHeader } from './admin-header';

const identidad = vi.hoisted(() => ({ mfa_requerida: undefined as boolean | undefined }));
vi.mock('../../features/auth', () => ({
  useObtenerIdentidad: () => ({
    data: { status: 'signed-in', me: { email: 'admin@demo.cr', roles: ['admin'], mfa_requerida: identidad.mfa_requerida } },
  }),
  signOutAndLeave: vi.fn(),
}));

function montar(notifications: ReactNode | null = <span />) {
  const router = createMemoryRouter(
    [
      { path: '/clientes', element: <AdminHeader {...(notifications === null ? {} : { notifications })} /> },
      { path: '/monitoreo', element: <p>Página de monitoreo</p> },
    ],
    { initialEntries: ['/clientes'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('menú de usuario del encabezado admin', () => {
  it('se carga al abrirlo: muestra el correo y sus opciones, y una opción navega', async () => {
    const user = montar();
    const boton = screen.getByRole('button', { name: /^Menú de usuario/ });
    expect(boton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(boton);
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('admin@demo.cr');
    // The open menu is modal: Radix hides the rest of the page from assistive technology.
    expect(screen.getByLabelText(/^Menú de usuario/)).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('menuitem', { name: /Monitoreo/ }));
    expect(await screen.findByText('Página de monitoreo')).toBeVisible();
  });

  it('se cierra con Escape y se vuelve a abrir con el teclado', async () => {
    const user = montar();
    await user.click(screen.getByRole('button', { name: /^Menú de usuario/ }));
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const boton = screen.getByRole('button', { name: /^Menú de usuario/ });
    expect(boton).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeVisible();
  });
});

describe('campana de notificaciones del personal', () => {
  afterEach(() => {
    identidad.mfa_requerida = undefined;
    vi.unstubAllGlobals();
  });

  it('con MFA exigida y sin app de autenticación (/api/me mfa_requerida) no hay campana: ni conexión en vivo ni sondeo', () => {
    identidad.mfa_requerida = true;
    const fetch = vi.fn();
    const WebSocket = vi.fn();
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('WebSocket', WebSocket);
    montar(null); // the header's own bell
    expect(screen.queryByRole('button', { name: /notificaci/i })).toBeNull();
    expect(screen.getByRole('link', { name: 'Configuración' })).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
    expect(WebSocket).not.toHaveBeenCalled();
    cleanup();
    montar(<span data-testid="campana" />);
    expect(screen.queryByTestId('campana')).toBeNull();
  });

  it('sin MFA pendiente la campana está', () => {
    for (const valor of [false, undefined]) {
      identidad.mfa_requerida = valor;
      montar(<span data-testid="campana" />);
      expect(screen.getByTestId('campana')).toBeInTheDocument();
      cleanup();
    }
  });
});
