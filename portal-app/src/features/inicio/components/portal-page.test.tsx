import type { PortalResumen } from '@cuota/shared/schemas/creditos';
import type { Me } from '@cuota/shared/schemas/me';
import type { Notificacion } from '@cuota/shared/schemas/notificaciones';
import {
  clienteDePrueba,
  creditoDePrueba,
  deudaVencida,
  json,
  page,
  proximaCuota,
  renderRemotePage,
} from '@cuota/shared/testing';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortalPage } from './portal-page';

const cliente = clienteDePrueba({ score_crediticio: 640 });

const cuota = (n: number, fecha: string, alerta: 'vencida' | 'proxima' | null) => ({
  id: `q${n}`,
  credito_id: 'k1',
  numero_cuota: n,
  fecha_vencimiento: fecha,
  monto_capital_centimos: 4_000_000,
  monto_interes_centimos: 500_000,
  monto_mora_centimos: 0,
  monto_total_centimos: 4_500_000,
  saldo_capital_despues_centimos: 0,
  pagada: false,
  dias_mora: alerta === 'vencida' ? 5 : 0,
  numero_credito: 'CR-2026-000001',
  alerta,
});

const resumen: PortalResumen = {
  fecha_negocio: '2026-11-21',
  cliente: { id: 'c1', nombre: 'Ana', apellido: 'Mora', kyc_completado: false, riesgo: null },
  score: 640,
  linea_credito: { limite_centimos: 300_000_000, usado_centimos: 75_000_000, disponible_centimos: 225_000_000 },
  creditos_activos: 1,
  proximas_cuotas: [cuota(3, '2026-11-16', 'vencida'), cuota(4, '2026-11-25', 'proxima'), cuota(5, '2026-12-16', null)],
};

const credito = creditoDePrueba({
  estado: 'vencido',
  // monto al día ₡94 804,60
  deuda: deudaVencida(
    { capital_centimos: 7_455_960, interes_centimos: 2_000_000, mora_centimos: 24_500 },
    {
      cuotas_vencidas: 1,
      dias_mora: 4,
      proxima_cuota: proximaCuota(6, '2026-11-25', 9_455_960),
      total_adeudado_centimos: 77_024_500,
    },
  ),
});

const base: Me = { userId: 'u1', email: 'ana@example.com', nombre: 'Ana', apellido: 'Mora', roles: [], cliente: null };

function renderPortal(me: Me, url = '/portal', notificaciones: Notificacion[] = []) {
  return renderRemotePage(
    [page(<PortalPage />, '/portal'), page(<h1>Configuración</h1>, '/configuracion')],
    url,
    (u) => {
      if (u.pathname === '/api/notificaciones') return json(200, { items: notificaciones, nextCursor: null });
      if (u.pathname === '/api/notificaciones/no-leidas')
        return json(200, { count: notificaciones.filter((n) => !n.leida).length });
      if (u.pathname === '/api/portal/resumen') return json(200, resumen);
      if (u.pathname === '/api/portal/creditos') return json(200, { items: [credito], nextCursor: null });
      if (u.pathname === '/api/portal/creditos/k1/cuotas')
        return json(200, { items: [cuota(1, '2026-07-16', null)].map((c) => ({ ...c, pagada: true })), nextCursor: null });
      return json(200, { items: [], nextCursor: null });
    },
    { me },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('/portal', () => {
  it("muestra 'Perfil No Encontrado' sin registro de cliente", async () => {
    renderPortal(base);
    expect(await screen.findByText('Perfil No Encontrado')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nueva Solicitud' })).not.toBeInTheDocument();
  });

  it('bienvenida, score con banda, línea de crédito y acciones del encabezado', async () => {
    renderPortal({ ...base, cliente });
    expect(await screen.findByRole('heading', { name: 'Ana Mora' })).toBeInTheDocument();
    expect(await screen.findByText('640')).toBeInTheDocument();
    expect(screen.getByText('Bueno')).toBeInTheDocument();
    expect(screen.getByText('KYC Pendiente')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Línea de Crédito: 25,0\s% utilizado$/ })).toBeInTheDocument();
    expect(screen.getByText('₡2 250 000,00')).toBeInTheDocument();
    expect(screen.getByText('₡3 000 000,00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mi Perfil' })).toHaveAttribute('href', '/configuracion');
    expect(screen.getByRole('link', { name: 'Nueva Solicitud' })).toHaveAttribute('href', '/portal/nueva-solicitud');
  });

  it('próximas cuotas con alerta de vencida y de próxima a vencer', async () => {
    renderPortal({ ...base, cliente });
    const lista = (await screen.findByText('CR-2026-000001 · Cuota 3')).closest('ul') as HTMLElement;
    const items = within(lista).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Vencida')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Vence pronto')).toBeInTheDocument();
    expect(within(items[2]!).queryByText(/Vencida|Vence pronto/)).toBeNull();
  });

  it('Mis Créditos: tarjeta del crédito y su tabla de cuotas', async () => {
    const { user } = renderPortal({ ...base, cliente });
    expect(await screen.findByRole('heading', { name: 'CR-2026-000001' })).toBeInTheDocument();
    expect(screen.getByText('Microcrédito Emprendedor')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver Cuotas' }));
    expect(await screen.findByText('Pagada')).toBeInTheDocument();
  });

  it('?tab= abre la pestaña pedida y la pestaña elegida queda en la URL', async () => {
    const { user, router } = renderPortal({ ...base, cliente }, '/portal?tab=notificaciones');
    expect(await screen.findByRole('tab', { name: 'Notificaciones', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('No tienes notificaciones.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Mis Créditos' }));
    expect(router.state.location.search).toBe('');
  });

  it('la campana del encabezado y la pestaña Notificaciones muestran un aviso en vivo sin recargar', async () => {
    const notificaciones: Notificacion[] = [];
    const sockets: { onopen: (() => void) | null; onmessage: ((e: { data: string }) => void) | null }[] = [];
    renderPortal({ ...base, cliente }, '/portal?tab=notificaciones', notificaciones);
    // renderRemotePage installs an inert WebSocket; the bell connects after its token resolves, so this one is used
    vi.stubGlobal(
      'WebSocket',
      class {
        readyState = 1;
        onopen = null;
        onclose = null;
        onmessage = null;
        onerror = null;
        constructor() {
          sockets.push(this);
        }
        send() {}
        close() {}
      },
    );
    expect(await screen.findByText('No tienes notificaciones.')).toBeInTheDocument();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    const nueva: Notificacion = {
      id: 'n1',
      user_id: 'u1',
      tipo: 'payment',
      titulo: 'Pago aprobado',
      mensaje: 'Su pago fue aprobado y aplicado.',
      leida: false,
      leida_en: null,
      accion_url: '/portal',
      created_at: '2026-11-21T15:00:00Z',
    };
    notificaciones.push(nueva);
    act(() => {
      sockets[0]!.onopen?.();
      sockets[0]!.onmessage?.({ data: JSON.stringify({ type: 'notificacion', data: nueva }) });
    });
    expect(await screen.findByRole('button', { name: 'Notificaciones: 1 sin leer' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Pago aprobado/ })).toBeInTheDocument();
    expect(screen.queryByText('No tienes notificaciones.')).toBeNull();
  });

  it("'Cerrar Sesión' usa el puente de autenticación del shell", async () => {
    const { signOut, user } = renderPortal({ ...base, cliente });
    await user.click(await screen.findByRole('button', { name: 'Cerrar Sesión' }));
    expect(signOut).toHaveBeenCalledOnce();
  });
});
