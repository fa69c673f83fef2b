import type { Solicitud } from '@cuota/shared/schemas/lending';
import { json, page, renderRemotePage, solicitudDePrueba } from '@cuota/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MisSolicitudesTab } from './mis-solicitudes-tab';

afterEach(() => {
  vi.unstubAllGlobals();
});

const base = solicitudDePrueba();
const rechazada: Solicitud = {
  ...base,
  id: 's2',
  numero_solicitud: 'SOL-2026-0002',
  monto_solicitado_centimos: 2_500_000_00,
  plazo_meses: 1,
  estado: 'rechazado',
  motivo_rechazo: 'Rechazado por el analista',
};

type Handler = Parameters<typeof renderRemotePage>[2];

function renderTab(handler: Handler) {
  return renderRemotePage(
    [page(<MisSolicitudesTab />, '/portal'), page(<h1>Nueva</h1>, '/portal/nueva-solicitud')],
    '/portal',
    handler,
  );
}

const item = (numero: string) => screen.getByText(numero).closest('li') as HTMLElement;

describe('Mis Solicitudes', () => {
  it('lista número, producto, monto en colones, plazo, estado y fecha; el motivo si fue rechazada', async () => {
    const { fetchMock } = renderTab(() => json(200, { items: [base, rechazada], nextCursor: null }));
    await screen.findByText('SOL-2026-0001');
    const enviada = item('SOL-2026-0001');
    expect(within(enviada).getByText('Enviado')).toBeInTheDocument();
    expect(within(enviada).getByText('Crédito Personal')).toBeInTheDocument();
    expect(within(enviada).getByText('₡150 000,00')).toBeInTheDocument();
    expect(within(enviada).getByText('12 meses')).toBeInTheDocument();
    expect(within(enviada).getByText(/20 nov 2026/)).toBeInTheDocument();
    expect(within(enviada).queryByText(/Motivo de rechazo/)).toBeNull();

    const r = item('SOL-2026-0002');
    expect(within(r).getByText('Rechazado')).toBeInTheDocument();
    expect(within(r).getByText('1 mes')).toBeInTheDocument();
    expect(within(r).getByText(/Motivo de rechazo/).parentElement).toHaveTextContent('Rechazado por el analista');

    const [url] = fetchMock.mock.calls[0] ?? [];
    const u = new URL(String(url));
    expect(u.pathname).toBe('/api/portal/solicitudes');
    expect(u.searchParams.get('limit')).toBe('10');
    expect(screen.getByRole('list', { name: 'Mis Solicitudes' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nueva Solicitud' })).toHaveAttribute('href', '/portal/nueva-solicitud');
  });

  it('aprobada (pendiente de desembolso), desembolsada y cancelada se explican al cliente', async () => {
    const aprobada: Solicitud = {
      ...base,
      id: 's3',
      numero_solicitud: 'SOL-2026-0003',
      estado: 'aprobado',
      monto_aprobado_centimos: 120_000_00,
      plazo_aprobado_meses: 10,
      condiciones: 'Con fiador',
    };
    const desembolsada: Solicitud = { ...aprobada, id: 's4', numero_solicitud: 'SOL-2026-0004', estado: 'desembolsado' };
    const cancelada: Solicitud = {
      ...aprobada,
      id: 's5',
      numero_solicitud: 'SOL-2026-0005',
      estado: 'cancelado',
      motivo_cancelacion: 'El cliente desistió',
    };
    renderTab(() => json(200, { items: [aprobada, desembolsada, cancelada], nextCursor: null }));
    await screen.findByText('SOL-2026-0003');
    const a = item('SOL-2026-0003');
    expect(within(a).getByText('Aprobado')).toBeInTheDocument();
    expect(within(a).getByText(/Aprobada por ₡120 000,00 a 10 meses: pendiente de desembolso/)).toBeInTheDocument();
    expect(within(a).getByText(/Con fiador/)).toBeInTheDocument();
    const d = item('SOL-2026-0004');
    expect(within(d).getByText('Desembolsado')).toBeInTheDocument();
    expect(within(d).getByText(/tu crédito por ₡120 000,00 ya está activo/)).toBeInTheDocument();
    const c = item('SOL-2026-0005');
    expect(within(c).getByText('Cancelado')).toBeInTheDocument();
    expect(within(c).getByText(/Motivo de la cancelación/).parentElement).toHaveTextContent('El cliente desistió');
  });

  it('sin solicitudes muestra el estado vacío con el enlace a Nueva Solicitud', async () => {
    const { user, router } = renderTab(() => json(200, { items: [], nextCursor: null }));
    expect(await screen.findByText('Aún no tienes solicitudes.')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Nueva Solicitud' });
    expect(links).toHaveLength(1);
    await user.click(links[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/nueva-solicitud'));
  });

  it('pagina con el cursor del servidor', async () => {
    const { user, fetchMock } = renderTab((url) =>
      url.searchParams.get('cursor') === 'c2'
        ? json(200, { items: [rechazada], nextCursor: null })
        : json(200, { items: [base], nextCursor: 'c2' }),
    );
    await screen.findByText('SOL-2026-0001');
    await user.click(screen.getByRole('button', { name: /Siguiente/ }));
    expect(await screen.findByText('SOL-2026-0002')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => new URL(String(u)).searchParams.get('cursor') === 'c2')).toBe(true);
    await user.click(screen.getByRole('button', { name: /Anterior/ }));
    expect(await screen.findByText('SOL-2026-0001')).toBeInTheDocument();
  });

  it('un error de carga muestra el mensaje y reintenta', async () => {
    let falla = true;
    const { user } = renderTab(() =>
      falla ? json(500, { code: 'INTERNAL', message: 'Servicio no disponible' }) : json(200, { items: [base], nextCursor: null }),
    );
    expect(await screen.findByText('No se pudieron cargar tus solicitudes')).toBeInTheDocument();
    expect(screen.getByText('Servicio no disponible')).toBeInTheDocument();
    falla = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('SOL-2026-0001')).toBeInTheDocument();
  });
});
