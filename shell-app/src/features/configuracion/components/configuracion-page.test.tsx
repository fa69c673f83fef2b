import { json, renderRemotePage } from '@cuota/shared/testing';
import { ApiError } from '@cuota/shared/web';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfiguracionPage } from './configuracion-page';

const session = vi.hoisted(() => ({
  getIdToken: vi.fn(async () => 'token'),
  changePassword: vi.fn<(actual: string, nueva: string) => Promise<void>>(),
  hasTotp: vi.fn(async () => false),
}));
vi.mock('../../auth/lib/session', () => session);
vi.mock('../../remotes', () => ({
  loadRemoteComponent: async (_id: string, name: string) => () => <p>remoto {name}</p>,
}));

const PERFIL = { tipo: 'cliente', nombre: 'Lucy', apellido: 'Solano', email: 'lucy@demo.cr', telefono: '50688881111' };

function renderPage(
  opts: { esAdmin?: boolean; esStaff?: boolean; url?: string; patch?: (body: unknown) => Response; get?: () => Response } = {},
) {
  return renderRemotePage(
    [
      {
        path: '/configuracion',
        element: <ConfiguracionPage esAdmin={opts.esAdmin ?? false} esStaff={opts.esStaff ?? opts.esAdmin ?? false} />,
      },
    ],
    opts.url ?? '/configuracion',
    (url, init) => {
      if (init?.method === 'PATCH') return opts.patch ? opts.patch(JSON.parse(String(init.body))) : json(200, PERFIL);
      if (url.pathname === '/api/perfil') return opts.get ? opts.get() : json(200, PERFIL);
      return json(200, { userId: 'u', email: PERFIL.email, nombre: null, apellido: null, roles: [], cliente: null });
    },
  );
}

const STRONG = 'Xk9#mQ2$vL7@pR';

beforeEach(() => {
  session.changePassword.mockReset();
  session.hasTotp.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('Configuración', () => {
  it('un cliente ve Perfil, Seguridad y Notificaciones, sin Sistema ni Pagos', async () => {
    renderPage();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Perfil', 'Seguridad', 'Notificaciones']);
  });

  it('un administrador ve además Sistema y Pagos, cargados del remoto al abrirlos (?tab=)', async () => {
    const { user, router } = renderPage({ esAdmin: true, url: '/configuracion?tab=sistema' });
    expect(await screen.findByText('remoto SistemaTab')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Pagos' }));
    expect(await screen.findByText('remoto PagosTab')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=pagos');
  });

  it('Perfil: email de solo lectura, valida el teléfono de Costa Rica y guarda con "Perfil actualizado"', async () => {
    const patch = vi.fn((body: unknown) => json(200, { ...PERFIL, ...(body as object) }));
    const { user } = renderPage({ patch });
    const nombre = await screen.findByLabelText('Nombre');
    expect(screen.getByLabelText('Email')).toHaveValue('lucy@demo.cr');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    const guardar = screen.getByRole('button', { name: 'Guardar Cambios' });
    expect(guardar).toBeDisabled();
    await user.clear(nombre);
    await user.type(nombre, 'Lucía');
    const telefono = screen.getByLabelText('Teléfono');
    await user.clear(telefono);
    await user.type(telefono, '5551-2345');
    await user.click(guardar);
    expect(await screen.findByText('Ingresa un número válido de Costa Rica (+506 8888-8888)')).toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
    await user.clear(telefono);
    await user.type(telefono, '+506 8777-6655');
    await user.click(guardar);
    expect(await screen.findByText('Perfil actualizado')).toBeInTheDocument();
    expect(patch).toHaveBeenCalledWith({ nombre: 'Lucía', apellido: 'Solano', telefono: '+506 8777-6655' });
  });

  it('Perfil: un error del servidor se muestra en el campo y conserva lo escrito', async () => {
    const { user } = renderPage({
      patch: () =>
        json(400, {
          code: 'VALIDATION',
          message: 'Datos inválidos: revisa los campos marcados',
          details: { apellido: 'Apellido debe tener al menos 2 caracteres' },
        }),
    });
    const apellido = await screen.findByLabelText('Apellido');
    await user.type(apellido, ' Vega');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('Apellido debe tener al menos 2 caracteres')).toBeInTheDocument();
    expect(apellido).toHaveValue('Solano Vega');
  });

  it('Perfil: sin ficha de cliente muestra "Perfil no encontrado"', async () => {
    renderPage({ get: () => json(404, { code: 'NOT_FOUND', message: 'Perfil no encontrado' }) });
    expect(await screen.findByText('Perfil no encontrado')).toBeInTheDocument();
  });

  it('Seguridad: medidor de fortaleza, "Las contraseñas no coinciden", toast de contraseña débil y éxito', async () => {
    const { user } = renderPage({ url: '/configuracion?tab=seguridad' });
    await user.type(await screen.findByLabelText('Contraseña actual'), 'Vieja-Clave-2026!');
    await user.type(screen.getByLabelText('Nueva contraseña'), 'password');
    expect(screen.getByRole('meter', { name: 'Fortaleza de la contraseña' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'otra');
    await user.click(screen.getByRole('button', { name: 'Actualizar Contraseña' }));
    expect(await screen.findByText('Contraseña no segura')).toBeInTheDocument();
    expect(screen.getByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(session.changePassword).not.toHaveBeenCalled();

    session.changePassword.mockResolvedValue();
    await user.clear(screen.getByLabelText('Nueva contraseña'));
    await user.type(screen.getByLabelText('Nueva contraseña'), STRONG);
    await user.clear(screen.getByLabelText('Confirmar contraseña'));
    await user.type(screen.getByLabelText('Confirmar contraseña'), STRONG);
    await user.click(screen.getByRole('button', { name: 'Actualizar Contraseña' }));
    expect(await screen.findByText('Contraseña actualizada')).toBeInTheDocument();
    expect(session.changePassword).toHaveBeenCalledWith('Vieja-Clave-2026!', STRONG);
    await waitFor(() => expect(screen.getByLabelText('Nueva contraseña')).toHaveValue(''));
  });

  it('Seguridad: lo que el servidor rechaza se muestra en su campo (actual incorrecta; 16+ si la cuenta ya es de administrador)', async () => {
    const { user } = renderPage({ url: '/configuracion?tab=seguridad' });
    session.changePassword.mockRejectedValueOnce(
      new ApiError(400, 'VALIDATION_ERROR', 'La contraseña actual es incorrecta', {
        actual: 'La contraseña actual es incorrecta',
      }),
    );
    await user.type(await screen.findByLabelText('Contraseña actual'), 'Vieja-Clave-2026!');
    await user.type(screen.getByLabelText('Nueva contraseña'), STRONG);
    await user.type(screen.getByLabelText('Confirmar contraseña'), STRONG);
    await user.click(screen.getByRole('button', { name: 'Actualizar Contraseña' }));
    expect(await screen.findByText('No se pudo actualizar la contraseña')).toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña actual')).toHaveAccessibleDescription('La contraseña actual es incorrecta');

    session.changePassword.mockRejectedValueOnce(
      new ApiError(400, 'VALIDATION_ERROR', 'Contraseña de administrador insuficiente', {
        nueva: 'Los administradores deben usar contraseñas de al menos 16 caracteres',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Actualizar Contraseña' }));
    expect(await screen.findByText('Contraseña de administrador insuficiente')).toBeInTheDocument();
    expect(screen.getByLabelText('Nueva contraseña')).toHaveAccessibleDescription(
      'Los administradores deben usar contraseñas de al menos 16 caracteres',
    );
  });

  it('Seguridad: el staff ve además la verificación en dos pasos; un cliente no', async () => {
    renderPage({ esStaff: true, url: '/configuracion?tab=seguridad' });
    expect(await screen.findByRole('region', { name: 'Verificación en dos pasos' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Activar verificación en dos pasos' })).toBeInTheDocument();
    cleanup();
    renderPage({ url: '/configuracion?tab=seguridad' });
    expect(await screen.findByLabelText('Contraseña actual')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Verificación en dos pasos' })).not.toBeInTheDocument();
    expect(session.hasTotp).toHaveBeenCalledTimes(1);
  });

  it('Seguridad: un administrador necesita 16 caracteres', async () => {
    const { user } = renderPage({ esAdmin: true, url: '/configuracion?tab=seguridad' });
    await user.type(await screen.findByLabelText('Contraseña actual'), 'Vieja-Clave-2026!');
    await user.type(screen.getByLabelText('Nueva contraseña'), STRONG);
    await user.type(screen.getByLabelText('Confirmar contraseña'), STRONG);
    await user.click(screen.getByRole('button', { name: 'Actualizar Contraseña' }));
    expect(await screen.findByText('Contraseña de administrador insuficiente')).toBeInTheDocument();
    expect(session.changePassword).not.toHaveBeenCalled();
  });
});
