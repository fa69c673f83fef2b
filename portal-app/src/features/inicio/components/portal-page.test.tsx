import type { Cliente, Me } from '@cuota/shared';
import { registerAuthBridge } from '@cuota/shared/web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PortalPage } from './portal-page';

const cliente: Cliente = {
  id: 'c1',
  user_id: 'u1',
  nombre: 'Ana',
  apellido: 'Mora',
  email: 'ana@example.com',
  telefono: '+50688888888',
  identidad_tipo: 'cedula',
  identidad_numero: null,
  fecha_nacimiento: null,
  direccion: null,
  ciudad: null,
  pais: 'Costa Rica',
  riesgo: null,
  kyc_completado: false,
  score_crediticio: 640,
  created_at: '2025-01-01T00:00:00Z',
};

function renderPortal(me: Me | null) {
  const signOut = vi.fn(async () => {});
  registerAuthBridge({ getIdToken: async () => 't', signOut, me: async () => me });
  const router = createMemoryRouter(
    [
      { path: '/portal', element: <PortalPage /> },
      { path: '/configuracion', element: <h1>Configuración</h1> },
    ],
    { initialEntries: ['/portal'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { signOut, router, user: userEvent.setup() };
}

const base: Me = { userId: 'u1', email: 'ana@example.com', nombre: 'Ana', apellido: 'Mora', roles: [], cliente: null };

describe('/portal', () => {
  it("muestra 'Perfil No Encontrado' sin registro de cliente", async () => {
    renderPortal(base);
    expect(await screen.findByText('Perfil No Encontrado')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nueva Solicitud' })).not.toBeInTheDocument();
  });

  it('da la bienvenida con nombre, score con banda y KYC', async () => {
    renderPortal({ ...base, cliente });
    expect(await screen.findByText('Ana Mora')).toBeInTheDocument();
    expect(screen.getByText('640')).toBeInTheDocument();
    expect(screen.getByText('Bueno')).toBeInTheDocument();
    expect(screen.getByText('KYC Pendiente')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mi Perfil' })).toHaveAttribute('href', '/configuracion');
    expect(screen.getByRole('link', { name: 'Nueva Solicitud' })).toHaveAttribute('href', '/solicitudes');
  });

  it("'Cerrar Sesión' usa el puente de autenticación del shell", async () => {
    const { signOut, user } = renderPortal({ ...base, cliente });
    await user.click(await screen.findByRole('button', { name: 'Cerrar Sesión' }));
    expect(signOut).toHaveBeenCalledOnce();
  });
});
