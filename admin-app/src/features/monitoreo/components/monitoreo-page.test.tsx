import { formatCRC } from '@cuota/shared/montos';
import type { Actividad, Monitoreo } from '@cuota/shared/schemas/dashboard';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, peticionesA, renderConProveedores, renderRemotePage, tarjetasDe } from '../../../test/render';
import { MonitoreoPage } from './monitoreo-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const monitoreo: Monitoreo = {
  fecha_negocio: '2026-11-23',
  alertas: 3,
  clientes_activos: 42,
  solicitudes_pendientes: 5,
  prestamos_vigentes: 17,
  pagos_recibidos_hoy_centimos: 12_500_000,
  pagos_recibidos_hoy: 4,
  mora_total_centimos: 98_765_400,
  creditos_con_mora: 7,
  clientes_nuevos_7_dias: 2,
};

const TIPOS = ['login', 'payment', 'approve', 'reject', 'create', 'update'] as const;
const actividad: Actividad[] = TIPOS.map((tipo, i) => ({
  id: `a${i}`,
  tipo_actividad: tipo,
  descripcion: `Descripción ${tipo}`,
  user_id: i === 5 ? null : `u${i}`,
  user_nombre: i === 5 ? null : 'Ana Admin',
  user_email: i === 5 ? null : 'admin@demo.cr',
  created_at: '2026-11-23T16:05:00Z',
}));

/** Testing Library collapses the no-break spaces of es-CR amounts in the DOM; do the same here. */
const crc = (centimos: number) => formatCRC(centimos).replace(/\s+/g, ' ');

function renderMonitoreo(handler: Parameters<typeof renderRemotePage>[2]) {
  return renderConProveedores(<MonitoreoPage />, '/monitoreo', handler);
}

const ok: Parameters<typeof renderRemotePage>[2] = (url) => {
  if (url.pathname === '/api/monitoreo') return json(200, monitoreo);
  if (url.pathname === '/api/actividad') return json(200, { items: actividad, nextCursor: null });
  return json(404, { code: 'NOT_FOUND', message: 'no' });
};

function calls(fetchMock: ReturnType<typeof renderMonitoreo>['fetchMock'], path: string) {
  return peticionesA(fetchMock, path).length;
}

describe('Monitoreo Operativo', () => {
  it('muestra las siete tarjetas con sus cifras', async () => {
    renderMonitoreo(ok);
    expect(screen.getByRole('heading', { level: 1, name: 'Monitoreo Operativo' })).toBeInTheDocument();
    const card = await tarjetasDe('Indicadores operativos', 7);
    expect(within(card('Alertas')).getByText('3')).toBeInTheDocument();
    expect(within(card('Alertas')).getByText('Notificaciones sin leer')).toBeInTheDocument();
    expect(within(card('Clientes Activos')).getByText('42')).toBeInTheDocument();
    expect(within(card('Solicitudes Pendientes')).getByText('5')).toBeInTheDocument();
    expect(within(card('Préstamos Vigentes')).getByText('17')).toBeInTheDocument();
    expect(within(card('Pagos Recibidos Hoy')).getByText(crc(12_500_000))).toBeInTheDocument();
    expect(within(card('Pagos Recibidos Hoy')).getByText('4 pagos conciliados')).toBeInTheDocument();
    expect(within(card('Mora Total')).getByText(crc(98_765_400))).toBeInTheDocument();
    expect(within(card('Mora Total')).getByText('7 créditos con mora')).toBeInTheDocument();
    expect(within(card('Clientes Nuevos')).getByText('2')).toBeInTheDocument();
    expect(within(card('Clientes Nuevos')).getByText('Últimos 7 días')).toBeInTheDocument();
    expect(screen.getByTestId('monitoreo-actualizado')).toHaveTextContent(/^Actualizado a las \d{2}:\d{2}:\d{2}/);
  });

  it('Actividad Reciente: icono y color por tipo, descripción, usuario y fecha es-CR', async () => {
    const { fetchMock } = renderMonitoreo(ok);
    const feed = screen.getByRole('region', { name: 'Actividad Reciente' });
    await waitFor(() => expect(within(feed).getAllByRole('listitem')).toHaveLength(6));
    const items = within(feed).getAllByRole('listitem');
    expect(items.map((li) => li.dataset.tipo)).toEqual([...TIPOS]);
    // Each type has its own icon and colour.
    const tones = items.map((li) => li.querySelector('span[aria-hidden]')?.className);
    expect(new Set(tones).size).toBe(6);
    const icons = items.map((li) => li.querySelector('svg')?.getAttribute('class'));
    expect(new Set(icons).size).toBe(6);
    expect(within(items[1]!).getByText('Descripción payment')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Pago')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Ana Admin')).toBeInTheDocument();
    expect(within(items[5]!).getByText('Sistema')).toBeInTheDocument();
    // 16:05 UTC is 10:05 in Costa Rica.
    expect(within(items[0]!).getByText(/23.nov.*10:05/)).toBeInTheDocument();
    const url = fetchMock.mock.calls.map(([u]) => new URL(String(u))).find((u) => u.pathname === '/api/actividad');
    expect(url?.searchParams.get('limit')).toBe('10');
  });

  it('filtra la actividad: por defecto sin inicios de sesión; tipo y persona quedan en la URL', async () => {
    const { fetchMock, router, user } = renderRemotePage(
      [{ path: '/monitoreo', element: <MonitoreoPage /> }],
      '/monitoreo?actividad=borrar',
      ok,
    );
    const feed = screen.getByRole('region', { name: 'Actividad Reciente' });
    await waitFor(() => expect(within(feed).getAllByRole('listitem')).toHaveLength(6));
    const ultima = () => peticionesA(fetchMock, '/api/actividad').at(-1)![0];
    const params = () => Object.fromEntries(new URL(String(ultima())).searchParams);
    // an unknown value in the URL is the default view: everything but sign-ins
    expect(params()).toEqual({ limit: '10', tipo: 'operaciones' });
    const chips = within(feed).getByRole('group', { name: 'Filtrar la actividad por tipo' });
    expect(within(chips).getByRole('button', { name: 'Operaciones' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(chips).getByRole('button', { name: 'Pago' }));
    await waitFor(() => expect(params()).toEqual({ limit: '10', tipo: 'payment' }));
    expect(router.state.location.search).toBe('?actividad=payment');
    expect(within(chips).getByRole('button', { name: 'Pago' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(chips).getByRole('button', { name: 'Todas' }));
    await waitFor(() => expect(params()).toEqual({ limit: '10' }));

    await user.click((await within(feed).findAllByRole('button', { name: 'Ver solo la actividad de Ana Admin' }))[0]!);
    await waitFor(() => expect(params()).toEqual({ limit: '10', usuario: 'u0' }));
    expect(router.state.location.search).toBe('?actividad=todas&persona=u0');
    await user.click(await within(feed).findByRole('button', { name: 'Quitar el filtro: Ana Admin' }));
    await waitFor(() => expect(params()).toEqual({ limit: '10' }));

    // Back returns to the previous view
    await act(() => router.navigate(-1));
    await waitFor(() => expect(params()).toEqual({ limit: '10', usuario: 'u0' }));
  });

  it('un tipo desconocido usa el icono neutro', async () => {
    renderMonitoreo((url) => {
      if (url.pathname === '/api/monitoreo') return json(200, monitoreo);
      return json(200, { items: [{ ...actividad[0]!, tipo_actividad: 'export' }], nextCursor: null });
    });
    const feed = screen.getByRole('region', { name: 'Actividad Reciente' });
    const item = await within(feed).findByRole('listitem');
    expect(item.dataset.tipo).toBe('otro');
    expect(within(item).getByText('Actividad')).toBeInTheDocument();
  });

  it('sin actividad: No hay actividad reciente', async () => {
    renderMonitoreo((url) => {
      if (url.pathname === '/api/monitoreo') return json(200, monitoreo);
      return json(200, { items: [], nextCursor: null });
    });
    expect(await screen.findByText('No hay actividad reciente')).toBeInTheDocument();
  });

  it('error al cargar: mensaje del servidor y Reintentar', async () => {
    let falla = true;
    const { user } = renderMonitoreo((url) => {
      if (url.pathname === '/api/monitoreo') {
        return falla ? json(503, { code: 'UNAVAILABLE', message: 'Servicio no disponible' }) : json(200, monitoreo);
      }
      return json(200, { items: [], nextCursor: null });
    });
    expect(await screen.findByText('No se pudieron cargar los indicadores')).toBeInTheDocument();
    expect(screen.getByText('Servicio no disponible')).toBeInTheDocument();
    falla = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Préstamos Vigentes')).toBeInTheDocument();
  });

  it('refresca los indicadores cada 30 s y la actividad cada 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const { fetchMock } = renderMonitoreo(ok);
    await screen.findByText('Préstamos Vigentes');
    await screen.findByText('Descripción login');
    expect(calls(fetchMock, '/api/monitoreo')).toBe(1);
    expect(calls(fetchMock, '/api/actividad')).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(calls(fetchMock, '/api/actividad')).toBe(2));
    expect(calls(fetchMock, '/api/monitoreo')).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(20_000));
    await waitFor(() => expect(calls(fetchMock, '/api/monitoreo')).toBe(2));
    expect(calls(fetchMock, '/api/actividad')).toBe(4);
  });
});
