import type { Usuario } from '@cuota/shared/schemas/usuarios';
import { usuariosTexts } from '@cuota/shared/texts/usuarios';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cuerpoDelPrimerPost, json, renderConProveedores, renderRemotePage } from '../../../test/render';
import { UsuariosPage } from './usuarios-page';

const esAdmin = vi.hoisted(() => ({ value: true as boolean | undefined, userId: 'yo' as string | null }));
vi.mock('@cuota/shared/web', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@cuota/shared/web')>()),
  useEsAdmin: () => esAdmin.value,
  useObtenerYo: () => ({ data: { userId: esAdmin.userId } }),
}));

beforeEach(() => {
  esAdmin.value = true;
  esAdmin.userId = 'yo';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const ana: Usuario = {
  id: 'u1',
  nombre: 'Ana',
  apellido: 'Quesada',
  email: 'ana@cuota.cr',
  telefono: null,
  roles: ['analista'],
  created_at: '2026-03-02T15:00:00Z',
};
const sinRoles: Usuario = { ...ana, id: 'u2', nombre: 'Beto', apellido: 'Rojas', email: 'beto@cuota.cr', roles: [] };

function renderUsuarios(handler: Parameters<typeof renderRemotePage>[2]) {
  return renderConProveedores(<UsuariosPage />, '/usuarios', handler);
}

describe('Gestión de Usuarios', () => {
  it('lista nombre, badges de rol, email y fecha; eliminar roles solo para usuarios con roles', async () => {
    const { fetchMock } = renderUsuarios(() => json(200, { items: [ana, sinRoles], nextCursor: null }));
    const row = (await screen.findByText('Ana Quesada')).closest('tr') as HTMLElement;
    expect(within(row).getAllByText('Analista de Crédito').length).toBeGreaterThan(0);
    expect(within(row).getAllByText('ana@cuota.cr').length).toBeGreaterThan(0);
    expect(within(row).getByRole('button', { name: 'Eliminar roles: Ana Quesada' })).toBeInTheDocument();
    const beto = screen.getByText('Beto Rojas').closest('tr') as HTMLElement;
    expect(within(beto).getAllByText('Sin roles').length).toBeGreaterThan(0);
    expect(within(beto).queryByRole('button', { name: /Eliminar roles/ })).toBeNull();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('http://api.test/api/usuarios?limit=25');
  });

  it('no ofrece quitarse los roles a uno mismo', async () => {
    esAdmin.userId = 'u1';
    renderUsuarios(() => json(200, { items: [ana], nextCursor: null }));
    const row = (await screen.findByText('Ana Quesada')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Editar Usuario: Ana Quesada' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Eliminar roles/ })).toBeNull();
  });

  it("muestra 'No hay usuarios registrados' sin resultados", async () => {
    renderUsuarios(() => json(200, { items: [], nextCursor: null }));
    expect(await screen.findByText('No hay usuarios registrados')).toBeInTheDocument();
  });

  it('oculta las acciones y no pide la lista a quien no es admin', async () => {
    esAdmin.value = false;
    const { fetchMock } = renderUsuarios(() => json(200, { items: [ana], nextCursor: null }));
    expect(await screen.findByText('No tienes permisos para realizar esta acción')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nuevo Usuario Admin' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('crear: mensajes en los campos, toast de contraseña no segura, y conserva lo escrito si el servidor falla', async () => {
    const { user, fetchMock } = renderUsuarios((url, init) => {
      if (init?.method === 'POST') return json(409, { code: 'EMAIL_TAKEN', message: 'Ya existe un usuario con este email' });
      return json(200, { items: [ana], nextCursor: null });
    });
    await screen.findByText('Ana Quesada');
    await user.click(screen.getByRole('button', { name: 'Nuevo Usuario Admin' }));
    const form = screen.getByRole('form', { name: 'Crear Usuario Administrativo' });
    expect(within(form).getByLabelText('Contraseña')).toHaveAttribute('placeholder', 'Mínimo 12 caracteres');
    await user.click(within(form).getByRole('button', { name: 'Crear Usuario' }));
    expect(await within(form).findByText('Nombre debe tener al menos 2 caracteres')).toBeInTheDocument();
    expect(within(form).getByText('El rol es requerido')).toBeInTheDocument();
    expect(await screen.findByText('Contraseña no segura')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Nombre'), 'Carla');
    await user.type(within(form).getByLabelText('Apellido'), 'Vega');
    await user.type(within(form).getByLabelText('Email'), 'carla@cuota.cr');
    await user.selectOptions(within(form).getByLabelText('Rol'), 'admin');
    await user.type(within(form).getByLabelText('Contraseña'), 'Corta-Pero-1!');
    await user.click(within(form).getByRole('button', { name: 'Crear Usuario' }));
    expect(await screen.findByText('Contraseña de administrador insuficiente')).toBeInTheDocument();

    await user.selectOptions(within(form).getByLabelText('Rol'), 'analista');
    await user.click(within(form).getByRole('button', { name: 'Crear Usuario' }));
    expect(await screen.findByText('Ya existe un usuario con este email')).toBeInTheDocument();
    expect(within(form).getByLabelText('Nombre')).toHaveValue('Carla');
    expect(cuerpoDelPrimerPost(fetchMock)).toEqual({
      nombre: 'Carla',
      apellido: 'Vega',
      email: 'carla@cuota.cr',
      rol: 'analista',
      password: 'Corta-Pero-1!',
    });
  });

  it("editar: email de solo lectura y toast 'Usuario actualizado'", async () => {
    const { user, fetchMock } = renderUsuarios((url, init) => {
      if (init?.method === 'PATCH') return json(200, { ...ana, nombre: 'Anabel', roles: ['cobrador'] });
      return json(200, { items: [ana], nextCursor: null });
    });
    await user.click(await screen.findByRole('button', { name: 'Editar Usuario: Ana Quesada' }));
    const form = screen.getByRole('form', { name: 'Editar Usuario' });
    expect(within(form).getByLabelText('Email')).toHaveAttribute('readonly');
    await user.clear(within(form).getByLabelText('Nombre'));
    await user.type(within(form).getByLabelText('Nombre'), 'Anabel');
    await user.selectOptions(within(form).getByLabelText('Rol'), 'cobrador');
    await user.click(within(form).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('Usuario actualizado')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(String(patch?.[0])).toBe('http://api.test/api/usuarios/u1');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      nombre: 'Anabel',
      apellido: 'Quesada',
      telefono: null,
      rol: 'cobrador',
    });
  });

  it('promover a Administrador avisa antes que la contraseña se anula y lo confirma en el toast', async () => {
    const { user } = renderUsuarios((url, init) => {
      if (init?.method === 'PATCH') return json(200, { ...ana, roles: ['admin'] });
      return json(200, { items: [ana], nextCursor: null });
    });
    await user.click(await screen.findByRole('button', { name: 'Editar Usuario: Ana Quesada' }));
    const form = screen.getByRole('form', { name: 'Editar Usuario' });
    expect(within(form).queryByText(usuariosTexts.promocionAviso)).toBeNull();
    await user.selectOptions(within(form).getByLabelText('Rol'), 'admin');
    expect(within(form).getByLabelText('Rol')).toHaveAccessibleDescription(usuariosTexts.promocionAviso);
    await user.click(within(form).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText(usuariosTexts.promovidoAdmin('ana@cuota.cr'))).toBeInTheDocument();
  });

  it('eliminar roles y restablecer contraseña con sus textos y toasts', async () => {
    const { user, fetchMock } = renderUsuarios((url, init) => {
      if (init?.method === 'DELETE') return json(200, { ...ana, roles: [] });
      if (init?.method === 'POST') return json(200, { ok: true });
      return json(200, { items: [ana], nextCursor: null });
    });
    await user.click(await screen.findByRole('button', { name: 'Eliminar roles: Ana Quesada' }));
    const alert = screen.getByRole('alertdialog', { name: '¿Eliminar roles de usuario?' });
    expect(
      within(alert).getByText('Esto removerá todos los roles de ana@cuota.cr. El usuario ya no tendrá acceso administrativo.'),
    ).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Eliminar Roles' }));
    expect(await screen.findByText('Usuario eliminado')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Restablecer Contraseña: Ana Quesada' }));
    const dialog = screen.getByRole('dialog', { name: 'Restablecer Contraseña' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar Email' }));
    expect(await screen.findByText('Email enviado')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/usuarios/u1/restablecer-contrasena'))).toBe(true);
  });
});
