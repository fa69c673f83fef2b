// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../format';
import type { Notificacion } from '../../schemas/notificaciones';
import { json, renderRemotePage } from '../../testing';
import { NotificationBell } from './notification-bell';
import { FakeSocket } from './socket-de-prueba';

function notif(id: string, over: Partial<Notificacion> = {}): Notificacion {
  return {
    id,
    user_id: 'u1',
    tipo: 'info',
    titulo: `Aviso ${id}`,
    mensaje: `Mensaje ${id}`,
    leida: false,
    leida_en: null,
    accion_url: null,
    created_at: '2026-03-10T15:30:00.000Z',
    ...over,
  };
}

interface Server {
  items: Notificacion[];
  count: number;
  failList?: boolean;
}

function setup(server: Server) {
  const sockets: FakeSocket[] = [];
  const createSocket = (url: string) => {
    const s = new FakeSocket(url);
    sockets.push(s);
    return s;
  };
  const view = renderRemotePage(
    [
      { path: '/inicio', element: <NotificationBell createSocket={createSocket} /> },
      { path: '/portal', element: <p>Página del portal</p> },
    ],
    '/inicio',
    (url, init) => {
      if (url.pathname === '/api/notificaciones/no-leidas') return json(200, { count: server.count });
      if (url.pathname === '/api/notificaciones') {
        if (server.failList) return json(500, { code: 'INTERNAL', message: 'Falla del servidor' });
        return json(200, { items: server.items, nextCursor: null });
      }
      const leer = /^\/api\/notificaciones\/([^/]+)\/leer$/.exec(url.pathname);
      if (leer && init?.method === 'POST') {
        const item = server.items.find((n) => n.id === leer[1])!;
        item.leida = true;
        item.leida_en = '2026-03-10T16:00:00.000Z';
        server.count -= 1;
        return json(200, item);
      }
      return json(404, { code: 'NOT_FOUND', message: 'no' });
    },
  );
  return { ...view, sockets };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NotificationBell', () => {
  it('muestra la cantidad sin leer en la insignia y en el nombre accesible; 9+ pasado 9; nada en 0', async () => {
    const server: Server = { items: [], count: 3 };
    const first = setup(server);
    const bell = await screen.findByRole('button', { name: 'Notificaciones: 3 sin leer' });
    expect(within(bell).getByText('3')).toBeVisible();
    first.unmount();

    setup({ items: [], count: 12 });
    const many = await screen.findByRole('button', { name: 'Notificaciones: 12 sin leer' });
    expect(within(many).getByText('9+')).toBeVisible();
    cleanup();

    setup({ items: [], count: 0 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notificaciones' })).toBeVisible());
    expect(screen.queryByTestId('notificaciones-insignia')).toBeNull();
  });

  it('abre un panel con las 10 más recientes: título, mensaje, fecha es-CR, color por tipo y no leídas marcadas', async () => {
    const items = [
      notif('n3', { tipo: 'payment', titulo: 'Pago aprobado', mensaje: 'Su pago fue aprobado.' }),
      notif('n2', { tipo: 'credit', leida: true, leida_en: '2026-03-10T15:40:00.000Z' }),
      notif('n1', { tipo: 'desconocido' }),
    ];
    const { user } = setup({ items, count: 2 });
    await user.click(await screen.findByRole('button', { name: 'Notificaciones: 2 sin leer' }));
    const panel = await screen.findByRole('dialog', { name: 'Notificaciones' });
    const filas = await within(panel).findAllByRole('listitem');
    expect(filas).toHaveLength(3);
    expect(filas[0]).toHaveTextContent('Pago aprobado');
    expect(filas[0]).toHaveTextContent('Su pago fue aprobado.');
    expect(filas[0]).toHaveTextContent(formatDateTime('2026-03-10T15:30:00.000Z'));
    expect(filas[0]).toHaveTextContent('Nueva');
    expect(filas[1]).not.toHaveTextContent('Nueva');
    expect(within(panel).getByText('2 sin leer')).toBeVisible();
    // payment green, credit purple, unknown grey
    expect(filas[0]!.querySelector('span.rounded-full')).toHaveClass('bg-success/15');
    expect(filas[1]!.querySelector('span.rounded-full')).toHaveClass('bg-credit/10');
    expect(filas[2]!.querySelector('span.rounded-full')).toHaveClass('bg-muted');
    expect(within(filas[0]!).getByRole('button')).toHaveAccessibleName(/^Pago: Pago aprobado/);
  });

  it('el panel se abre y se cierra con el teclado; cerrado, la campana dice que abre un diálogo', async () => {
    const { user } = setup({ items: [notif('n1')], count: 1 });
    const bell = await screen.findByRole('button', { name: 'Notificaciones: 1 sin leer' });
    expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    bell.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Notificaciones' });
    expect(await within(panel).findByText('Aviso n1')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Notificaciones: 1 sin leer' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const cerrada = screen.getByRole('button', { name: 'Notificaciones: 1 sin leer' });
    expect(cerrada).toHaveAttribute('aria-expanded', 'false');
    expect(cerrada).toHaveFocus();
  });

  it('dice cuando no hay notificaciones', async () => {
    const { user } = setup({ items: [], count: 0 });
    await user.click(await screen.findByRole('button', { name: 'Notificaciones' }));
    expect(await screen.findByText('No tienes notificaciones')).toBeVisible();
  });

  it('muestra el error de carga con Reintentar', async () => {
    const server: Server = { items: [notif('n1')], count: 1, failList: true };
    const { user } = setup(server);
    await user.click(await screen.findByRole('button', { name: /Notificaciones/ }));
    expect(await screen.findByText('No se pudieron cargar las notificaciones')).toBeVisible();
    server.failList = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Aviso n1')).toBeVisible();
  });

  it('al hacer clic marca como leída (POST leer), baja la insignia y abre accion_url', async () => {
    const server: Server = { items: [notif('n1', { accion_url: '/portal' }), notif('n0')], count: 2 };
    const { user, fetchMock, router } = setup(server);
    await user.click(await screen.findByRole('button', { name: 'Notificaciones: 2 sin leer' }));
    await user.click(await screen.findByRole('button', { name: /Aviso n1/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal'));
    const post = fetchMock.mock.calls.find(
      ([u, init]) => String(u).endsWith('/api/notificaciones/n1/leer') && init?.method === 'POST',
    );
    expect(post).toBeDefined();
    expect(await screen.findByText('Página del portal')).toBeVisible();
  });

  it('una leída sin accion_url no vuelve a marcarse ni navega', async () => {
    const server: Server = { items: [notif('n1', { leida: true })], count: 0 };
    const { user, fetchMock, router } = setup(server);
    await user.click(await screen.findByRole('button', { name: 'Notificaciones' }));
    await user.click(await screen.findByRole('button', { name: /Aviso n1/ }));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/leer'))).toBe(false);
    expect(router.state.location.pathname).toBe('/inicio');
  });

  it('el badge baja en cuanto se marca leída', async () => {
    const server: Server = { items: [notif('n1'), notif('n0')], count: 2 };
    const { user } = setup(server);
    await user.click(await screen.findByRole('button', { name: 'Notificaciones: 2 sin leer' }));
    await user.click(await screen.findByRole('button', { name: /Aviso n1/ }));
    expect(await screen.findByRole('button', { name: 'Notificaciones: 1 sin leer' })).toBeVisible();
  });

  it('un aviso en vivo por WebSocket sube la insignia y aparece primero, sin recargar', async () => {
    const server: Server = { items: [notif('n1')], count: 1 };
    const { user, sockets } = setup(server);
    await user.click(await screen.findByRole('button', { name: 'Notificaciones: 1 sin leer' }));
    await screen.findByText('Aviso n1');
    await waitFor(() => expect(sockets).toHaveLength(1));
    expect(sockets[0]!.url).toBe('ws://api.test/ws?token=test-id-token');
    act(() => sockets[0]!.open());
    expect(screen.getByRole('button', { name: 'Notificaciones: 1 sin leer' })).toHaveAttribute('data-en-vivo', 'open');

    // what the stream sends (the API shape), not yet in the server's counter
    const guardada = notif('n2', { titulo: 'Pago aprobado', tipo: 'payment' });
    server.items.unshift(guardada); // committed before the stream pushes it; server.count still lags
    act(() => sockets[0]!.push({ type: 'notificacion', data: guardada }));
    expect(await screen.findByRole('button', { name: 'Notificaciones: 2 sin leer' })).toBeVisible();
    const panel = screen.getByRole('dialog', { name: 'Notificaciones' });
    expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent('Pago aprobado');
  });

  it('cierra el WebSocket al desmontarse (cerrar sesión sale de la página)', async () => {
    const { sockets, unmount } = setup({ items: [], count: 0 });
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => sockets[0]!.open());
    unmount();
    expect(sockets[0]!.closedWith).toBe(1000);
  });
});
