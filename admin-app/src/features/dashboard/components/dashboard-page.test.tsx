import type { Dashboard } from '@cuota/shared/schemas/dashboard';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, page, renderRemotePage } from '../../../test/render';
import { DashboardPage } from './dashboard-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const base: Dashboard = {
  fecha_negocio: '2026-11-21',
  tarjetas: {
    cartera_activa_centimos: 1_254_000_000_00,
    cartera_activa_texto: '₡1\u00a0254,0\u00a0M',
    total_clientes: 42,
    solicitudes_pendientes: 5,
    creditos_activos: 20,
    creditos_vencidos: 7,
    tasa_morosidad: '53.8',
  },
  alertas: [
    { tipo: 'cartera_mora', titulo: 'Cartera en Mora', mensaje: '7 créditos en estado vencido requieren atención' },
    { tipo: 'solicitudes_antiguas', titulo: 'Solicitudes Antiguas', mensaje: 'Solicitud más antigua tiene 6 días sin procesar' },
  ],
  solicitudes_pendientes: [
    {
      id: 's1',
      numero_solicitud: 'SOL-0001',
      cliente_id: 'c1',
      cliente_nombre: 'Ana',
      cliente_apellido: 'Mora',
      producto_nombre: 'Microcrédito',
      monto_solicitado_centimos: 50_000_000,
      plazo_meses: 12,
      estado: 'enviado',
      score: 700,
      riesgo_calculado: 'bajo',
      created_at: '2026-11-15T15:00:00Z',
      dias_sin_procesar: 6,
    },
  ],
  actividad_reciente: [
    {
      id: 'a1',
      tipo_actividad: 'approve',
      descripcion: 'Solicitud SOL-0000 aprobada',
      user_id: 'u1',
      user_nombre: 'Laura Analista',
      user_email: 'analista@demo.cr',
      created_at: '2026-11-21T16:30:00Z',
    },
  ],
  cartera: {
    por_estado: [
      { estado: 'vigente', creditos: 10, saldo_capital_centimos: 600_000_000 },
      { estado: 'al_dia', creditos: 3, saldo_capital_centimos: 200_000_000 },
      { estado: 'vencido', creditos: 7, saldo_capital_centimos: 300_000_000 },
    ],
    saldo_mora_centimos: 12_000_000,
    creditos_con_mora: 7,
    par30: { capital_centimos: 100_000_000, porcentaje: '9.09' },
    aging: [
      { tramo: '1_30', creditos: 4, saldo_capital_centimos: 200_000_000 },
      { tramo: '31_60', creditos: 2, saldo_capital_centimos: 70_000_000 },
      { tramo: '61_90', creditos: 1, saldo_capital_centimos: 30_000_000 },
      { tramo: 'mas_90', creditos: 0, saldo_capital_centimos: 0 },
    ],
  },
  mensual: [
    { mes: '2026-10', desembolsos: 2, desembolsado_centimos: 100_000_000, cobros: 5, cobrado_centimos: 20_000_000 },
    { mes: '2026-11', desembolsos: 1, desembolsado_centimos: 50_000_000, cobros: 8, cobrado_centimos: 30_000_000 },
  ],
  clientes: { total: 42, nuevos_7_dias: 3, kyc_completo: 30, por_riesgo: { bajo: 20, medio: 10, alto: 5, sin_riesgo: 7 } },
};

function renderDashboard(body: Dashboard | (() => Response)) {
  return renderRemotePage(
    [page(<DashboardPage />, '/dashboard'), page(<h1>Lista de solicitudes</h1>, '/solicitudes')],
    '/dashboard',
    typeof body === 'function' ? body : () => json(200, body),
  );
}

describe('Dashboard Analytics', () => {
  it('muestra las cuatro tarjetas, las alertas y la actividad', async () => {
    const { fetchMock } = renderDashboard(base);
    // Colones in es-CR, never dollars: the portfolio in millions, the rate with a decimal comma.
    expect(await screen.findByText('₡1 254,0 M')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('http://api.test/api/dashboard');
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
    expect(screen.getByText('53,8 %')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getByText('Cartera en Mora')).toBeInTheDocument();
    expect(screen.getByText('7 créditos en estado vencido requieren atención')).toBeInTheDocument();
    expect(screen.getByText('Solicitudes Antiguas')).toBeInTheDocument();
    expect(screen.getByText('Solicitud más antigua tiene 6 días sin procesar')).toBeInTheDocument();
    const actividad = screen.getByRole('region', { name: 'Actividad Reciente' });
    expect(within(actividad).getByText('Solicitud SOL-0000 aprobada')).toBeInTheDocument();
    expect(within(actividad).getByText('Laura Analista')).toBeInTheDocument();
  });

  it('una solicitud pendiente lleva a /solicitudes', async () => {
    const { user, router } = renderDashboard(base);
    const link = await screen.findByRole('link', { name: /Ana Mora/ });
    expect(within(link).getByText('6 días sin procesar')).toBeInTheDocument();
    await user.click(link);
    expect(router.state.location.pathname).toBe('/solicitudes');
  });

  it('estados vacíos con los textos del spec, sin alertas', async () => {
    const { user, router } = renderDashboard({ ...base, alertas: [], solicitudes_pendientes: [], actividad_reciente: [] });
    expect(await screen.findByText('No hay solicitudes pendientes')).toBeInTheDocument();
    expect(screen.getByText('No hay actividad reciente')).toBeInTheDocument();
    expect(screen.queryByText('Cartera en Mora')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ver Todas las Solicitudes' }));
    expect(router.state.location.pathname).toBe('/solicitudes');
  });

  it('los gráficos son imágenes accesibles con tabla de datos', async () => {
    renderDashboard(base);
    const aging = await screen.findByRole('img', { name: /Antigüedad de Mora\. PAR30 9,09\s%/ });
    expect(aging).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Cartera por Estado: Vigente/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Desembolsos y Cobros por Mes/ })).toBeInTheDocument();
    const tabla = screen.getByRole('table', { name: /^Antigüedad de Mora \(PAR30 9,09\s%\)$/ });
    expect(within(tabla).getByRole('rowheader', { name: '31–60 días' })).toBeInTheDocument();
  });

  it('un error muestra el mensaje y permite reintentar', async () => {
    let calls = 0;
    const { user } = renderDashboard(() => {
      calls += 1;
      return calls === 1 ? json(500, { message: 'falló' }) : json(200, base);
    });
    expect(await screen.findByText('No se pudo cargar el dashboard')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('₡1 254,0 M')).toBeInTheDocument();
  });
});
